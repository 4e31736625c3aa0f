import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { Invoice } from './invoice.entity';
import { Product } from './product.entity';
import { SaleLineRecord } from './issued-document.base';

/** One line of an issued invoice, with every amount as computed by the totals engine. */
@Entity({ tableName: 'invoice_lines' })
@Unique({ name: 'uq_invoice_lines_invoice_line', properties: ['invoice', 'lineNumber'] })
export class InvoiceLine extends SaleLineRecord {
  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'string', length: 255, nullable: true })
  externalProductId: string | null = null;

  @Property({ type: 'string', length: 64 })
  productCode!: string;
}
