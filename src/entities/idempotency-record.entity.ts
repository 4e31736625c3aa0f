import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { Company } from './company.entity';
import { ExactString } from './exact-string.type';

/** Which documents a key can name: POST /v1/invoices' invoices, or the operator's credit and debit notes. */
export type IdempotencyScope = 'invoice' | 'note';

/**
 * Binds an idempotency key to the document it issued, written in the document's own transaction.
 * The unique index on (company, scope, key) is what makes issuing exactly-once across instances;
 * the fingerprint tells a replay from a mismatch. The document id is that of the scope's table.
 */
@Entity({ tableName: 'idempotency_records' })
@Unique({ name: 'uq_idempotency_records_company_scope_key', properties: ['company', 'scope', 'idempotencyKey'] })
@Index({ name: 'ix_idempotency_records_created_at', properties: ['createdAt'] })
export class IdempotencyRecord {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 16 })
  scope!: IdempotencyScope;

  /** Compared byte for byte: `ORD-x7Kq` and `ORD-X7KQ` are two keys (decision 66). */
  @Property({ type: ExactString, length: 255 })
  idempotencyKey!: string;

  /** Hex SHA-256 of the canonical request (a body, or a command's arguments). */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  @Property({ type: 'integer', unsigned: true })
  documentId!: number;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();
}
