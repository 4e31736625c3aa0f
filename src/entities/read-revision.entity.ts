import { Entity, OneToOne, Opt, Property } from '@mikro-orm/core';
import { Company } from './company.entity';

/**
 * Per company, a counter for each kind of data the API serves from a per-process cache: a writer
 * that changes what such a read would answer adds one in its own transaction, and readers learn
 * the current values in the same query that authenticates the caller (src/db/read-revisions.ts).
 * A separate table, not columns of `companies`: every insert of a company's rows takes a shared
 * lock on its company row (foreign key check), so bumping a counter there would make two
 * concurrent writers deadlock on upgrading that lock.
 */
@Entity({ tableName: 'read_revisions' })
export class ReadRevision {
  @OneToOne({ entity: () => Company, primary: true, owner: true, deleteRule: 'cascade' })
  company!: Company;

  /** Changes of issued invoices (annulment); a newly issued invoice changes no earlier answer. */
  @Property({ type: 'integer', unsigned: true })
  invoices: Opt<number> = 0;

  /**
   * Clients as GET /v1/clients shows them: created through the API, or created, changed or deleted
   * by `admin apply`. An exoneration is not shown by the API, so recording one bumps nothing.
   */
  @Property({ type: 'integer', unsigned: true })
  clients: Opt<number> = 0;
}
