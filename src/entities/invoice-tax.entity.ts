import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Invoice } from './invoice.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** One entry of an invoice's tax breakdown: the base and the ISV charged at one rate. */
@Entity({ tableName: 'invoice_taxes' })
@Unique({ name: 'uq_invoice_taxes_invoice_rate', properties: ['invoice', 'rate'] })
export class InvoiceTax {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate })
  rate!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxedAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxAmount!: string;
}
