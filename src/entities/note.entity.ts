import { Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import type { DocumentType } from '../domain/document-type';
import { CaiRange } from './cai-range.entity';
import { Company } from './company.entity';
import { EmissionPoint } from './emission-point.entity';
import { Invoice } from './invoice.entity';
import { NoteLine } from './note-line.entity';
import { NoteTax } from './note-tax.entity';
import { TemplateVersion } from './template-version.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** The two kinds of note: a nota de crédito (06) or a nota de débito (07). */
export type NoteType = Extract<DocumentType, 'creditNote' | 'debitNote'>;

/**
 * An issued credit or debit note, always of one issued invoice. Like an invoice it keeps
 * everything it prints as issued (issuer, its own CAI range and deadline, the buyer, the
 * exonerated buyer's references, the invoice it modifies with that invoice's CAI, number and date,
 * the reason, lines and amounts), so a later change of the setup never changes it.
 */
@Entity({ tableName: 'notes' })
// One number once per range; a range numbers one document type, so this holds per type as well.
@Unique({ name: 'uq_notes_cai_range_number', properties: ['caiRange', 'noteNumber'] })
@Unique({ name: 'uq_notes_verification_token', properties: ['verificationToken'] })
@Index({ name: 'ix_notes_company_date', properties: ['company', 'noteDate'] })
@Index({ name: 'ix_notes_invoice', properties: ['invoice', 'documentType'] })
export class Note {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 16 })
  documentType!: NoteType;

  @ManyToOne({ entity: () => EmissionPoint })
  emissionPoint!: EmissionPoint;

  @ManyToOne({ entity: () => CaiRange })
  caiRange!: CaiRange;

  @Property({ type: 'string', length: 64 })
  cai!: string;

  @Property({ type: 'integer', unsigned: true })
  noteNumber!: number;

  /** EEE-PPP-06-NNNNNNNN or EEE-PPP-07-NNNNNNNN */
  @Property({ type: 'string', length: 19 })
  fiscalNumber!: string;

  @Property({ type: 'datetime', length: 3 })
  noteDate!: Date;

  @Property({ type: 'integer', unsigned: true })
  caiRangeStart!: number;

  @Property({ type: 'integer', unsigned: true })
  caiRangeEnd!: number;

  /** Fecha límite de emisión of the note's CAI, YYYY-MM-DD. */
  @Property({ type: 'date' })
  caiDeadline!: string;

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

  /** The invoice the note modifies, and what of it the note prints ("Documento que modifica"). */
  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;

  @Property({ type: 'string', length: 19 })
  invoiceFiscalNumber!: string;

  @Property({ type: 'string', length: 64 })
  invoiceCai!: string;

  @Property({ type: 'datetime', length: 3 })
  invoiceDate!: Date;

  @Property({ type: 'string', length: 255, nullable: true })
  clientName: string | null = null;

  /** As printed on the invoice: a client's RTN, or a buyer's identification (decision 70). */
  @Property({ type: 'string', length: 40, nullable: true })
  clientLegalId: string | null = null;

  /** The invoice was an exonerated sale: so is the note (its bases go to exoneratedAmount). */
  @Property({ type: 'boolean' })
  isExonerated!: boolean;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationCertificate: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exonerationSagRegistry: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  exemptPurchaseOrderNumber: string | null = null;

  /** Motivo, as the operator wrote it (trimmed). */
  @Property({ type: 'string', length: 255 })
  reason!: string;

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

  @Property({ type: 'boolean' })
  isAnnulled: Opt<boolean> = false;

  @Property({ type: 'datetime', length: 3, nullable: true })
  annulledAt: Date | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  annulReason: string | null = null;

  /** The template and logo the note was issued with; every copy prints with them. A null logo means no logo. */
  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  templateVersion: TemplateVersion | null = null;

  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  logoVersion: TemplateVersion | null = null;

  @OneToMany({ entity: () => NoteLine, mappedBy: 'note', orderBy: { lineNumber: 'asc' } })
  lines = new Collection<NoteLine>(this);

  @OneToMany({ entity: () => NoteTax, mappedBy: 'note', orderBy: { rate: 'asc' } })
  taxes = new Collection<NoteTax>(this);

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
