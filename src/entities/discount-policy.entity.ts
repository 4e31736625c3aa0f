import { Entity, Property, Unique, Opt } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** A percentage discount a price-list entry may reference (decision 4). */
@Entity({ tableName: 'discount_policies' })
@Unique({ name: 'uq_discount_policies_company_code', properties: ['company', 'code'] })
export class DiscountPolicy extends CompanyOwnedEntry {
  /** Stored as given; a value outside 0..100 is refused at use (INVALID_DISCOUNT_POLICY). */
  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate })
  percent!: string;

  @Property({ type: 'boolean' })
  active: Opt<boolean> = true;

  @Property({ type: 'date', nullable: true })
  validFrom: string | null = null;

  @Property({ type: 'date', nullable: true })
  validTo: string | null = null;
}
