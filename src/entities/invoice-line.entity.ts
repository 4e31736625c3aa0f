import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Invoice } from './invoice.entity';
import { Product } from './product.entity';

/** One line of an issued invoice, with every amount as computed by the totals engine. */
@Entity({ tableName: 'invoice_lines' })
@Unique({ name: 'uq_invoice_lines_invoice_line', properties: ['invoice', 'lineNumber'] })
export class InvoiceLine {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;

  @Property({ type: 'smallint', unsigned: true })
  lineNumber!: number;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'string', length: 255, nullable: true })
  externalProductId: string | null = null;

  @Property({ type: 'string', length: 64 })
  productCode!: string;

  @Property({ type: 'string', length: 255 })
  description!: string;

  @Property({ type: 'decimal', precision: 18, scale: 4 })
  quantity!: string;

  @Property({ type: 'decimal', precision: 18, scale: 4 })
  unitPrice!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  importe!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  discountAmount!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  subTotal!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  exemptAmount!: string;

  @Property({ type: 'decimal', precision: 9, scale: 4, nullable: true })
  isvRate: string | null = null;
}
