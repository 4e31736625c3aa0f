import { Collection, Entity, Index, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/core';
import type { DocumentType } from '../domain/document-type';
import { Invoice } from './invoice.entity';
import { NoteLine } from './note-line.entity';
import { NoteTax } from './note-tax.entity';
import { SaleDocumentRecord } from './issued-document.base';

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
export class Note extends SaleDocumentRecord {
  @Property({ type: 'string', length: 16 })
  documentType!: NoteType;

  @Property({ type: 'integer', unsigned: true })
  noteNumber!: number;

  @Property({ type: 'datetime', length: 3 })
  noteDate!: Date;

  /** The invoice the note modifies, and what of it the note prints ("Documento que modifica"). */
  @ManyToOne({ entity: () => Invoice })
  invoice!: Invoice;

  @Property({ type: 'string', length: 19 })
  invoiceFiscalNumber!: string;

  @Property({ type: 'string', length: 64 })
  invoiceCai!: string;

  @Property({ type: 'datetime', length: 3 })
  invoiceDate!: Date;

  /** The invoice was an exonerated sale: so is the note (its bases go to exoneratedAmount). */
  @Property({ type: 'boolean' })
  isExonerated!: boolean;

  /** Motivo, as the operator wrote it (trimmed). */
  @Property({ type: 'string', length: 255 })
  reason!: string;

  @OneToMany({ entity: () => NoteLine, mappedBy: 'note', orderBy: { lineNumber: 'asc' } })
  lines = new Collection<NoteLine>(this);

  @OneToMany({ entity: () => NoteTax, mappedBy: 'note', orderBy: { rate: 'asc' } })
  taxes = new Collection<NoteTax>(this);
}
