import Big from 'big.js';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import { verificationUrl } from '../../../domain/verification-token';
import type { PrintedOf } from '../../../pdf/template-data';
import type { IssuedRenderInputs, FixedVersions } from '../../documents';
import type { NoteType } from '../../../entities';
import type { NoteView } from './note-view';

/**
 * What an issued note prints, from its stored rows only: its own number, CAI, range and verification address; the
 * buyer and the exonerated buyer's references as on the invoice; the invoice it modifies; Motivo;
 * its lines (a line without a product code prints its description alone) and amounts.
 */
export function printedNoteOf(note: NoteView): PrintedOf<NoteType> {
  const printedNumber = (n: number) => formatFiscalNumber(note.establishmentCode, note.emissionPointCode, note.documentType, n);
  return {
    documentType: note.documentType,
    preview: false,
    annulled: note.isAnnulled,
    fiscalNumber: note.fiscalNumber,
    cai: note.cai,
    range: { from: printedNumber(note.caiRangeStart), to: printedNumber(note.caiRangeEnd) },
    deadline: note.caiDeadline,
    verificationUrl: verificationUrl(note.verificationBaseUrl, note.verificationToken),
    issuer: {
      name: note.issuerName,
      tradeName: note.issuerTradeName,
      rtn: note.issuerRtn,
      address: note.issuerAddress ?? '',
      phone: note.issuerPhone,
      email: note.issuerEmail,
      establishment: { code: note.establishmentCode, name: note.establishmentName, address: note.establishmentAddress },
    },
    issuedAt: note.noteDate,
    client: note.clientName ? { name: note.clientName, rtn: note.clientLegalId } : null,
    lines: note.lines.map((line) => ({
      code: line.productCode ?? '',
      description: line.description,
      quantity: new Big(line.quantity).toFixed(),
      unitPrice: new Big(line.unitPrice).toFixed(),
      discount: line.discountAmount,
      amount: line.importe,
    })),
    totals: {
      importe: note.importe,
      discount: note.discountTotal,
      exonerated: note.exoneratedAmount,
      exempt: note.exemptedAmount,
      taxBreakdown: note.taxes.map((t) => ({ rate: new Big(t.rate).toFixed(), taxedAmount: t.taxedAmount, taxAmount: t.taxAmount })),
      total: note.total,
    },
    totalInLetters: note.totalInLetters,
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
