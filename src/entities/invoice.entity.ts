import { Collection, Entity, Index, ManyToOne, OneToMany, Property, Unique, Opt } from '@mikro-orm/core';
import { Client } from './client.entity';
import { InvoiceLine } from './invoice-line.entity';
import { InvoiceTax } from './invoice-tax.entity';
import { OperatorUser } from './operator-user.entity';
import { PaymentTerminal } from './payment-terminal.entity';
import { PriceList } from './price-list.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';
import { SaleDocumentRecord } from './issued-document.base';
import type { BuyerIdType } from '../domain/buyer-identity';

/**
 * An issued legal invoice. Everything printed on it is stored as issued (issuer, CAI range and
 * deadline, client name and RTN, exoneration certificate, lines, amounts), so a later change of
 * the setup never changes a document.
 */
@Entity({ tableName: 'invoices' })
// One number once per range; a range numbers one document type, so this holds per type as well.
@Unique({ name: 'uq_invoices_cai_range_number', properties: ['caiRange', 'invoiceNumber'] })
@Unique({ name: 'uq_invoices_verification_token', properties: ['verificationToken'] })
@Index({ name: 'ix_invoices_company', properties: ['company'] })
@Index({ name: 'ix_invoices_company_date', properties: ['company', 'invoiceDate'] })
// The console's invoice search and CAI overview (decision 62).
@Index({ name: 'ix_invoices_company_number', properties: ['company', 'invoiceNumber'] })
@Index({ name: 'ix_invoices_company_rtn', properties: ['company', 'clientLegalId', 'invoiceDate'] })
@Index({ name: 'ix_invoices_company_client', properties: ['company', 'client', 'invoiceDate'] })
@Index({ name: 'ix_invoices_point_date', properties: ['emissionPoint', 'invoiceDate'] })
export class Invoice extends SaleDocumentRecord {
  @Property({ type: 'integer', unsigned: true })
  invoiceNumber!: number;

  @Property({ type: 'datetime', length: 3 })
  invoiceDate!: Date;

  @ManyToOne({ entity: () => Client, nullable: true })
  client: Client | null = null;

  /** The identity document of a buyer identified in the request (no client); null otherwise. */
  @Property({ type: 'string', length: 16, nullable: true })
  buyerIdType: BuyerIdType | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  buyerIdNumber: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  purchaseOrderNumber: string | null = null;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount, nullable: true })
  appliedDollarExchangeRate: string | null = null;

  @Property({ type: 'boolean' })
  isPaid: Opt<boolean> = true;

  @ManyToOne({ entity: () => OperatorUser })
  creatorUser!: OperatorUser;

  @ManyToOne({ entity: () => PaymentTerminal })
  paymentTerminal!: PaymentTerminal;

  @ManyToOne({ entity: () => PriceList })
  priceList!: PriceList;

  @OneToMany({ entity: () => InvoiceLine, mappedBy: 'invoice', orderBy: { lineNumber: 'asc' } })
  lines = new Collection<InvoiceLine>(this);

  @OneToMany({ entity: () => InvoiceTax, mappedBy: 'invoice', orderBy: { rate: 'asc' } })
  taxes = new Collection<InvoiceTax>(this);
}
