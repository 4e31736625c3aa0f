import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Invoice } from './invoice.entity';
import { Product } from './product.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

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

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount })
  quantity!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount })
  unitPrice!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  importe!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  discountAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  subTotal!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  exemptAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate, nullable: true })
  isvRate: string | null = null;
}
