import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { Company } from './company.entity';
import { Invoice } from './invoice.entity';

/**
 * Binds an Idempotency-Key to the invoice it issued. The unique index on (company, key) is what
 * makes issuing exactly-once across instances; the fingerprint tells a replay from a mismatch.
 */
@Entity({ tableName: 'idempotency_records' })
@Unique({ name: 'uq_idempotency_records_company_key', properties: ['company', 'idempotencyKey'] })
@Index({ name: 'ix_idempotency_records_created_at', properties: ['createdAt'] })
export class IdempotencyRecord {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 255 })
  idempotencyKey!: string;

  /** Hex SHA-256 of the canonical JSON of the request body. */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  /** Null only inside the issuing transaction, between claiming the key and writing the invoice. */
  @ManyToOne({ entity: () => Invoice, nullable: true })
  invoice: Invoice | null = null;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();
}
