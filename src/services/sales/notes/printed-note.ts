import { verificationUrl } from '../../../domain/verification-token';
import type { PrintedOf } from '../../../pdf/template-data';
import type { IssuedRenderInputs, FixedVersions } from '../../documents';
import type { NoteType } from '../../../entities';
import type { NoteView } from './note-view';
import { printedSale } from '../sale-documents/printed-sale';

/**
 * What an issued note prints, from its stored rows only: its own number, CAI, range and verification address; the
 * buyer and the exonerated buyer's references as on the invoice; the invoice it modifies; Motivo;
 * its lines (a line without a product code prints its description alone) and amounts.
 */
export function printedNoteOf(note: NoteView): PrintedOf<NoteType> {
  const verification = verificationUrl(note.verificationBaseUrl, note.verificationToken);
  return {
    documentType: note.documentType,
    ...printedSale(note.documentType, note, note.noteDate, { ...note, verificationUrl: verification }),
    exoneration: note.isExonerated
      ? {
          exemptPurchaseOrderNumber: note.exemptPurchaseOrderNumber,
          certificate: note.exonerationCertificate,
          sagRegistry: note.exonerationSagRegistry,
        }
      : null,
    reason: note.reason,
    modifies: { cai: note.invoiceCai, fiscalNumber: note.invoiceFiscalNumber, issuedAt: note.invoiceDate },
  };
}

/** The render inputs of an issued note (a pure function of its rows and the versions fixed on it). */
export function noteRenderInputs(note: NoteView, versions: FixedVersions): IssuedRenderInputs {
  return { printed: printedNoteOf(note), versions };
}
