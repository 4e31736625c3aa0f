import Big from 'big.js';
import { hondurasDate } from '../../domain/calendar-date';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import { toNumber } from '../../domain/money';
import type { VerifiedDocument } from '../../services/documents';
import { documentState } from '../../domain/document-words';

/** A document's state as the verification page says it. */

/**
 * The facts a verification page publishes, in the page's words, once for the HTML page and the
 * JSON alike (decision 54): the type as printed on paper (FACTURA, NOTA DE CRÉDITO, NOTA DE
 * DÉBITO), dates as Honduras calendar days, amounts as JSON numbers like the API's.
 */
export function presentVerification(doc: VerifiedDocument) {
  return {
    issuer: { name: doc.issuer.name, rtn: doc.issuer.rtn },
    type: DOCUMENT_TYPE_INFO[doc.documentType].title,
    number: doc.fiscalNumber,
    cai: doc.cai,
    date: hondurasDate(doc.issuedAt),
    total: toNumber(new Big(doc.total), 2),
    state: documentState(doc.annulled),
    notes:
      doc.notes?.map((note) => ({
        type: DOCUMENT_TYPE_INFO[note.documentType].title,
        number: note.fiscalNumber,
        date: hondurasDate(note.issuedAt),
        total: toNumber(new Big(note.total), 2),
      })) ?? null,
  };
}

export type PresentedVerification = ReturnType<typeof presentVerification>;

/** What every token that leads to no document answers, in JSON: one body, whatever the token was. */
export const VERIFICATION_NOT_FOUND = {
  code: 'NOT_FOUND',
  message: 'No existe un documento con este código de verificación.',
} as const;
