import { Entity, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** A company that issues invoices; the tenant every API key belongs to. */
@Entity({ tableName: 'companies' })
export class Company {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 32, unique: 'uq_companies_code' })
  code!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  tradeName: string | null = null;

  @Property({ type: 'string', length: 14 })
  rtn!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  address: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  email: string | null = null;

  /** Lempiras per USD, used to convert USD price-list prices. */
  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount, nullable: true })
  exchangeRate: string | null = null;

  /**
   * The base the verification addresses of its documents are printed with, fixed on each at issue
   * (decision 70); null: the PUBLIC_BASE_URL of the process that issues.
   */
  @Property({ type: 'string', length: 255, nullable: true })
  verificationBaseUrl: string | null = null;

  /**
   * E-mail delivery of its documents to their buyers (the setup file's `delivery` block, read and
   * written in src/services/company/setup/setup-delivery.ts): off unless `deliveryEmail`, and then
   * `deliveryFrom` is set.
   */
  @Property({ type: 'boolean', default: false })
  deliveryEmail: Opt<boolean> = false;

  @Property({ type: 'string', length: 255, nullable: true })
  deliveryFrom: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  deliveryReplyTo: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  deliveryBcc: string | null = null;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', length: 3, onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
