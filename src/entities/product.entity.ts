import { Entity, Property, Unique, Opt } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** A catalog product. Its ISV rate and exempt condition always come from here, never the caller. */
@Entity({ tableName: 'products' })
@Unique({ name: 'uq_products_company_code', properties: ['company', 'code'] })
export class Product extends CompanyOwnedEntry {
  @Property({ type: 'string', length: 255 })
  name!: string;

  /** Any number the operator stored; checked against the allowed set at use (INVALID_TAX_RATE). */
  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate, nullable: true })
  isvRate: string | null = null;

  /** The whole line is exempt (exento). */
  @Property({ type: 'boolean' })
  exempt: Opt<boolean> = false;

  /** Partly taxable: this many lempiras of each unit are exempt, whatever price is billed. */
  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount, nullable: true })
  exemptPerUnit: string | null = null;
}
