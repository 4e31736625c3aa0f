import { Entity, ManyToOne, Unique } from '@mikro-orm/core';
import { Invoice } from './invoice.entity';
import { SaleTaxRecord } from './issued-document.base';

/** One entry of an invoice's tax breakdown: the base and the ISV charged at one rate. */
@Entity({ tableName: 'invoice_taxes' })
@Unique({ name: 'uq_invoice_taxes_invoice_rate', properties: ['invoice', 'rate'] })
export class InvoiceTax extends SaleTaxRecord {
  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;
}
