import { Entity, OneToOne, Opt, Property } from '@mikro-orm/core';
import { Company } from './company.entity';

/**
 * Per company, a counter for each kind of data the API serves from a per-process cache: a flush
 * that changes what such a read would answer adds one in its own transaction
 * (src/db/read-revision.subscriber.ts), and readers learn the current values in the same query
 * that authenticates the caller (src/db/read-revisions.ts).
 * A separate table, not columns of `companies`: every insert of a company's rows takes a shared
 * lock on its company row (foreign key check), so bumping a counter there would make two
 * concurrent writers deadlock on upgrading that lock.
 */
@Entity({ tableName: 'read_revisions' })
export class ReadRevision {
  @OneToOne({ entity: () => Company, primary: true, owner: true, deleteRule: 'cascade' })
  company!: Company;

  /**
   * Changes of issued invoices (an annulment), their lines and taxes, or the establishment and
   * emission point codes they print; a newly issued invoice changes no earlier answer.
   */
  @Property({ type: 'integer', unsigned: true })
  invoices: Opt<number> = 0;

  /**
   * Any change of a client row: created through the API, created, changed or deleted by
   * `admin apply`, exonerated. GET /v1/clients does not show an exoneration, but a counter per row
   * rather than per column cannot miss a column the page starts showing.
   */
  @Property({ type: 'integer', unsigned: true })
  clients: Opt<number> = 0;

  /**
   * Any change of what an invoice is priced with: the integration defaults and the rows they
   * point at, the company's issuer fields and exchange rate, products, their mappings, prices and
   * discount policies (src/services/sales/pricing/pricing-snapshot.ts keeps them per instance).
   */
  @Property({ type: 'integer', unsigned: true })
  catalog: Opt<number> = 0;

  /**
   * Any publish or rollback of one of the company's letterheads (table `letterhead_publications`):
   * what its new documents and previews print with.
   */
  @Property({ type: 'integer', unsigned: true })
  letterheads: Opt<number> = 0;
}
