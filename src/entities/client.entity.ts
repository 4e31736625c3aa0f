import { Entity, Index, Property, Unique, Opt } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';

/**
 * A customer of the company. The code is unique per company, deleted clients included (the setup
 * file restores one by its code): legalId for API-created clients with an RTN, else API-<id>. The
 * RTN is unique among the company's live clients only: a deleted client frees it. Exoneration
 * data is set only by the operator.
 */
@Entity({ tableName: 'clients' })
@Unique({ name: 'uq_client_code_company', properties: ['company', 'code'] })
@Unique({ name: 'uq_client_legal_id_company', properties: ['company', 'legalId', 'live'] })
@Index({ name: 'ix_clients_company_name', properties: ['company', 'clientName', 'id'] })
export class Client extends CompanyOwnedEntry {
  @Property({ type: 'string', length: 255 })
  clientName!: string;

  @Property({ type: 'string', length: 255 })
  email!: string;

  @Property({ type: 'string', length: 32, nullable: true })
  legalId: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  address: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationCertificate: string | null = null;

  /** Registro SAG number, the agro sector's alternative to the certificate. */
  @Property({ type: 'string', length: 64, nullable: true })
  exonerationSagRegistry: string | null = null;

  /** Last Honduras day the exoneration is valid (inclusive). */
  @Property({ type: 'date', nullable: true })
  exonerationValidUntil: string | null = null;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();

  /**
   * 1 while the client is live, NULL once deleted: the database computes it from deletedAt, so
   * the RTN's unique index counts live clients only.
   */
  @Property({ type: 'tinyint', nullable: true, generated: '(case when `deleted_at` is null then 1 end) stored' })
  readonly live?: Opt<number | null>;
}

/** The columns of a client's exoneration: read together wherever it is shown or applied to a sale. */
export const CLIENT_EXONERATION_FIELDS = ['exonerationCertificate', 'exonerationSagRegistry', 'exonerationValidUntil'] as const;
export type ClientExoneration = Pick<Client, (typeof CLIENT_EXONERATION_FIELDS)[number]>;
