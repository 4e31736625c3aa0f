import { Entity, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { DiscountPolicy } from './discount-policy.entity';
import { PriceList } from './price-list.entity';
import { Product } from './product.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

export type Currency = 'HNL' | 'USD';

/** The price of one product in one price list, in lempiras or dollars. */
@Entity({ tableName: 'product_prices' })
@Unique({ name: 'uq_product_prices_list_product', properties: ['priceList', 'product'] })
export class ProductPrice {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => PriceList })
  priceList!: PriceList;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount })
  price!: string;

  @Property({ type: 'string', length: 3 })
  currency: Opt<Currency> = 'HNL';

  @ManyToOne({ entity: () => DiscountPolicy, nullable: true })
  discountPolicy: DiscountPolicy | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
