import { Entity, Property, Unique } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';

/** A price list (the "price type" of the integration). */
@Entity({ tableName: 'price_lists' })
@Unique({ name: 'uq_price_lists_company_code', properties: ['company', 'code'] })
export class PriceList extends CompanyOwnedEntry {
  @Property({ type: 'string', length: 255, nullable: true })
  name: string | null = null;
}
