import { dayMonthYear } from '../../domain/calendar-date';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import { formatLempiras } from '../../pdf/format';
import type { ClaimedMessage } from './delivery-queue';
import type { OutgoingMail } from './mail-transport';
import type { MailedDocument } from './mailed-documents';

/** "factura", "nota de crédito": the type's printed title, as a sentence says it. */
function typeWords(doc: Pick<MailedDocument, 'documentType'>): string {
  return DOCUMENT_TYPE_INFO[doc.documentType].title.toLowerCase();
}

/**
 * The message of one document (decision 87): a Spanish subject and a short text with the company,
 * the document's type, number, date and total and its verification link; its PDF attached, named
 * by its printed number. Plain text only: nothing in it needs markup, and every mail program shows it.
 */
export function documentMail(message: ClaimedMessage, doc: Omit<MailedDocument, 'pdf'>, pdf: Buffer): OutgoingMail {
  const type = typeWords(doc);
  const Type = type.charAt(0).toUpperCase() + type.slice(1);
  const text = [
    'Estimado cliente:',
    '',
    `${message.companyName} le envía su ${type} número ${doc.fiscalNumber}, del ${dayMonthYear(doc.day)}, por un total de ${formatLempiras(doc.total)}.`,
    '',
    `Adjuntamos el documento en PDF. Puede comprobar su autenticidad en ${doc.verificationUrl}`,
    '',
    'Este mensaje se envió automáticamente al emitir el documento.',
    '',
  ].join('\n');
  return {
    from: message.from,
    to: message.recipient,
    replyTo: message.replyTo,
    bcc: message.bcc,
    subject: `${Type} ${doc.fiscalNumber} de ${message.companyName}`,
    text,
    messageId: message.messageId,
    attachment: { filename: `${doc.fiscalNumber}.pdf`, content: pdf },
  };
}
