import { ManyToOne, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { CaiRange } from './cai-range.entity';
import { Company } from './company.entity';
import { EmissionPoint } from './emission-point.entity';
import { TemplateVersion } from './template-version.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/**
 * What every issued fiscal document stores, whatever its kind: where its number came from (the
 * CAI, its range and deadline, as printed), the issuer and the establishment as printed, the buyer
 * as printed, its annulment, the template and logo it prints with, and its verification address.
 * Everything printed is copied in at issue, so a later change of the setup never changes a
 * document. A kind's entity adds its number and instant (named for it: `invoiceNumber`,
 * `noteDate`) and what only it has; its table keeps its own columns (no migration came with this
 * base).
 */
export abstract class IssuedDocumentRecord {
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

  /** EEE-PPP-TT-NNNNNNNN, TT the kind's code. */
  @Property({ type: 'string', length: 19 })
  fiscalNumber!: string;

  @Property({ type: 'integer', unsigned: true })
  caiRangeStart!: number;

  @Property({ type: 'integer', unsigned: true })
  caiRangeEnd!: number;

  /** Fecha límite de emisión of the CAI, YYYY-MM-DD. */
  @Property({ type: 'date' })
  caiDeadline!: string;

  // The issuer and the establishment as printed when issued.
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

  /** The client's name, or the name of the buyer identified in the request. */
  @Property({ type: 'string', length: 255, nullable: true })
  clientName: string | null = null;

  /**
   * What prints in the RTN's space: the client's RTN, or the buyer's identification as printed (an
   * RTN alone, another document as its type and number, `DNI 0801199012345`; decision 70).
   */
  @Property({ type: 'string', length: 40, nullable: true })
  clientLegalId: string | null = null;

  @Property({ type: 'boolean' })
  isAnnulled: Opt<boolean> = false;

  @Property({ type: 'datetime', length: 3, nullable: true })
  annulledAt: Date | null = null;

  /** Why it was annulled (Art. 41: a document issued with errors); null for an invoice annulled before reasons were asked. */
  @Property({ type: 'string', length: 255, nullable: true })
  annulReason: string | null = null;

  /**
   * The template and logo it was issued with, which every later copy prints with. Null only for a
   * document issued while its template was unreadable (or an invoice written before versions were
   * kept), until its first PDF fixes the current ones on it; a null logo means no logo.
   */
  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  templateVersion: TemplateVersion | null = null;

  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  logoVersion: TemplateVersion | null = null;

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

/**
 * An issued document that sells or corrects a sale: the exonerated buyer's references (Acuerdo
 * 481-2017 Art. 10 num. 8) and the amounts the totals engine computed, with the total in words.
 */
export abstract class SaleDocumentRecord extends IssuedDocumentRecord {
  @Property({ type: 'string', length: 64, nullable: true })
  exonerationCertificate: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationSagRegistry: string | null = null;

  /** No. correlativo de la Orden de Compra Exenta, sent per sale by the caller. */
  @Property({ type: 'string', length: 64, nullable: true })
  exemptPurchaseOrderNumber: string | null = null;

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
}

/** The amounts of one line of a sale document, as the totals engine (or a note's rule) computed them. */
export abstract class SaleLineRecord {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'smallint', unsigned: true })
  lineNumber!: number;

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

/** One entry of a sale document's tax breakdown: the base and the ISV charged at one rate. */
export abstract class SaleTaxRecord {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate })
  rate!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxedAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxAmount!: string;
}
