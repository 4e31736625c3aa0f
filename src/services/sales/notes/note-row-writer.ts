import type { MetadataSource } from '../../../db/lean-select';
import { DocumentRowsInsert } from '../../../db/lean-insert';
import type { SqlTransaction } from '../../../db/sql-client';
import { amountInWords } from '../../../domain/amount-in-words';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import type { NoteAmounts } from '../../../domain/notes/note-amounts';
import { Note, NoteLine, NoteTax, type NoteType } from '../../../entities';
import type { DocumentIssue } from '../../documents';
import { NOTE_LINE_VIEW_FIELDS, NOTE_TAX_VIEW_FIELDS, NOTE_VIEW_FIELDS, type NoteView } from './note-view';
import { SALE_DOCUMENT_WRITTEN_FIELDS, writtenFields } from '../sale-documents/sale-document-fields';
import { storedLine, storedSums, storedTaxes } from '../sale-documents/stored-amounts';
import { numberedFields } from '../sale-documents/numbered-fields';

/** Everything a note prints that does not come from its amounts or its number, read before the transaction. */
export interface NoteHeading {
  documentType: NoteType;
  noteDate: Date;
  companyId: number;
  emissionPointId: number;
  establishmentCode: string;
  emissionPointCode: string;
  issuerName: string;
  issuerTradeName: string | null;
  issuerRtn: string;
  issuerAddress: string | null;
  issuerPhone: string | null;
  issuerEmail: string | null;
  establishmentName: string | null;
  establishmentAddress: string | null;
  reason: string;
}

/** What the note takes of its invoice (read under the invoice's lock). */
export interface ModifiedInvoice {
  id: number;
  fiscalNumber: string;
  cai: string;
  invoiceDate: Date;
  clientName: string | null;
  clientLegalId: string | null;
  exonerated: boolean;
  exonerationCertificate: string | null;
  exonerationSagRegistry: string | null;
  exemptPurchaseOrderNumber: string | null;
}

/** Written at issue: the view's fields but the id and the annulment (a new note is not annulled), and the relations. */
const NOTE_COLUMNS = [
  ...NOTE_VIEW_FIELDS.filter(
    (f): f is Exclude<typeof f, 'id' | 'annulledAt' | 'annulReason'> => !['id', 'annulledAt', 'annulReason'].includes(f),
  ),
  ...SALE_DOCUMENT_WRITTEN_FIELDS,
  'invoice',
] as const satisfies ReadonlyArray<keyof Note>;
const LINE_COLUMNS = ['note', ...NOTE_LINE_VIEW_FIELDS] as const satisfies ReadonlyArray<keyof NoteLine>;
const TAX_COLUMNS = ['note', ...NOTE_TAX_VIEW_FIELDS] as const satisfies ReadonlyArray<keyof NoteTax>;

/**
 * Writes an issued note in three multi-row INSERTs (the note, its lines, its taxes) inside the
 * numbered write's transaction, and answers its view from what it wrote.
 */
export class NoteRowWriter {
  private readonly rows;

  constructor(source: MetadataSource) {
    this.rows = DocumentRowsInsert.of(source, [Note, NOTE_COLUMNS], [NoteLine, LINE_COLUMNS], [NoteTax, TAX_COLUMNS], 'note');
  }

  async insert(
    tx: SqlTransaction,
    heading: NoteHeading,
    invoice: ModifiedInvoice,
    amounts: NoteAmounts,
    taken: DocumentIssue,
  ): Promise<NoteView> {
    const view: Omit<NoteView, 'id'> = {
      documentType: heading.documentType,
      noteNumber: taken.number,
      fiscalNumber: formatFiscalNumber(heading.establishmentCode, heading.emissionPointCode, heading.documentType, taken.number),
      ...numberedFields(taken),
      noteDate: heading.noteDate,
      issuerName: heading.issuerName,
      issuerTradeName: heading.issuerTradeName,
      issuerRtn: heading.issuerRtn,
      issuerAddress: heading.issuerAddress,
      issuerPhone: heading.issuerPhone,
      issuerEmail: heading.issuerEmail,
      establishmentName: heading.establishmentName,
      establishmentAddress: heading.establishmentAddress,
      invoiceId: invoice.id,
      invoiceFiscalNumber: invoice.fiscalNumber,
      invoiceCai: invoice.cai,
      invoiceDate: invoice.invoiceDate,
      clientName: invoice.clientName,
      clientLegalId: invoice.clientLegalId,
      isExonerated: invoice.exonerated,
      exonerationCertificate: invoice.exonerationCertificate,
      exonerationSagRegistry: invoice.exonerationSagRegistry,
      exemptPurchaseOrderNumber: invoice.exemptPurchaseOrderNumber,
      reason: heading.reason,
      ...storedSums(amounts),
      totalInLetters: amountInWords(amounts.total),
      isAnnulled: false,
      annulledAt: null,
      annulReason: null,
      establishmentCode: heading.establishmentCode,
      emissionPointCode: heading.emissionPointCode,
      lines: amounts.lines.map((line, i) => ({
        lineNumber: i + 1,
        invoiceLineNumber: line.invoiceLine,
        productCode: line.code,
        description: line.description,
        ...storedLine(line),
      })),
      taxes: storedTaxes(amounts.taxBreakdown),
    };
    const noteRow = {
      ...view,
      ...writtenFields(heading.companyId, heading.emissionPointId, taken),
      invoice: invoice.id,
    };
    const id = await this.rows.insert(tx, noteRow, view.lines, view.taxes);
    return { ...view, id };
  }
}
