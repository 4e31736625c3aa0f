import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from './company.entity';

/** A price list (the "price type" of the integration). */
@Entity({ tableName: 'price_lists' })
@Unique({ name: 'uq_price_lists_company_code', properties: ['company', 'code'] })
export class PriceList {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 64 })
  code!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  name: string | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
