import { Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { CaiRange } from './cai-range.entity';
import { Client } from './client.entity';
import { Company } from './company.entity';
import { EmissionPoint } from './emission-point.entity';
import { InvoiceLine } from './invoice-line.entity';
import { InvoiceTax } from './invoice-tax.entity';
import { OperatorUser } from './operator-user.entity';
import { PaymentTerminal } from './payment-terminal.entity';
import { PriceList } from './price-list.entity';
import { TemplateVersion } from './template-version.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';
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
export class Invoice {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @ManyToOne({ entity: () => EmissionPoint })
  emissionPoint!: EmissionPoint;

  @ManyToOne({ entity: () => CaiRange })
  caiRange!: CaiRange;

  @Property({ type: 'string', length: 64 })
  cai!: string;

  @Property({ type: 'integer', unsigned: true })
  invoiceNumber!: number;

  /** EEE-PPP-01-NNNNNNNN */
  @Property({ type: 'string', length: 19 })
  fiscalNumber!: string;

  @Property({ type: 'datetime', length: 3 })
  invoiceDate!: Date;

  // The issuer and the CAI authorization as printed when issued (see the second migration).
  @Property({ type: 'string', length: 255 })
  issuerName!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  issuerTradeName: string | null = null;

  @Property({ type: 'string', length: 14 })
  issuerRtn!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  issuerAddress: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  issuerPhone: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  issuerEmail: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  establishmentName: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  establishmentAddress: string | null = null;

  @Property({ type: 'integer', unsigned: true })
  caiRangeStart!: number;

  @Property({ type: 'integer', unsigned: true })
  caiRangeEnd!: number;

  /** Fecha límite de emisión of the CAI, YYYY-MM-DD. */
  @Property({ type: 'date' })
  caiDeadline!: string;

  @ManyToOne({ entity: () => Client, nullable: true })
  client: Client | null = null;

  /** The client's name, or the name of the buyer identified in the request. */
  @Property({ type: 'string', length: 255, nullable: true })
  clientName: string | null = null;

  /**
   * What prints in the RTN's space: the client's RTN, or the buyer's identification as printed (an
   * RTN alone, another document as its type and number, `DNI 0801199012345`; decision 70).
   */
  @Property({ type: 'string', length: 40, nullable: true })
  clientLegalId: string | null = null;

  /** The identity document of a buyer identified in the request (no client); null otherwise. */
  @Property({ type: 'string', length: 16, nullable: true })
  buyerIdType: BuyerIdType | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  buyerIdNumber: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationCertificate: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationSagRegistry: string | null = null;

  /** No. correlativo de la Orden de Compra Exenta, sent per sale by the caller. */
  @Property({ type: 'string', length: 64, nullable: true })
  exemptPurchaseOrderNumber: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  purchaseOrderNumber: string | null = null;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  importe!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  discountTotal!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  exemptedAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  exoneratedAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  totalTaxes!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  total!: string;

  @Property({ type: 'string', length: 512 })
  totalInLetters!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount, nullable: true })
  appliedDollarExchangeRate: string | null = null;

  @Property({ type: 'boolean' })
  isPaid: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  isAnnulled: Opt<boolean> = false;

  @Property({ type: 'datetime', length: 3, nullable: true })
  annulledAt: Date | null = null;

  /** Why it was annulled (Art. 41: a document issued with errors); null for an invoice annulled before reasons were asked. */
  @Property({ type: 'string', length: 255, nullable: true })
  annulReason: string | null = null;

  /**
   * The template and logo the invoice was issued with, which every later copy of it prints with.
   * Null only for an invoice written by a version of the service that did not record them, until
   * start-up (or its first PDF) fixes the current ones on it; a null logo means no logo.
   */
  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  templateVersion: TemplateVersion | null = null;

  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  logoVersion: TemplateVersion | null = null;

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

  /**
   * Where its QR code leads: the random token of its public verification page (decision 54), fixed
   * at issue by the numbered write; documents issued before got one from the migration.
   */
  @Property({ type: 'string', length: 22 })
  verificationToken!: string;

  /**
   * The base of its verification address, fixed at issue (decision 70): the company's
   * verificationBaseUrl then, else the PUBLIC_BASE_URL of the process that issued it; documents
   * issued before got the PUBLIC_BASE_URL of the process that migrated the database.
   */
  @Property({ type: 'string', length: 255 })
  verificationBaseUrl!: string;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();
}
