import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from './company.entity';
import { Product } from './product.entity';

/**
 * Maps a caller's own product id to a catalog product. One id mapped to two products is allowed
 * in the data and refused at use (ITEM_AMBIGUOUS_PRODUCT_REFERENCE).
 */
@Entity({ tableName: 'product_mappings' })
@Unique({ name: 'uq_product_mappings_company_external_product', properties: ['company', 'externalProductId', 'product'] })
@Index({ name: 'ix_product_mappings_company_external', properties: ['company', 'externalProductId'] })
export class ProductMapping {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 255 })
  externalProductId!: string;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
