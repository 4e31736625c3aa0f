import type { CompanyRef } from '../domain/company-ref';
import type { DeliveryMessages } from '../services/delivery';
import { companyPath } from './company-paths';
import type { ConsoleContext } from './console-state';
import type { FieldSentences } from './form-refusal';
import { actorOf, formField } from './page-tools';

/** The resend form's one field, and what it takes. */
export const RESEND_FIELDS: FieldSentences = {
  to: 'Escriba una dirección de correo completa, como compras@empresa.hn, o déjela vacía para enviar al correo del cliente.',
};

/**
 * Reenviar on an invoice's or a note's page (`POST …/{invoices|notes}/{id}/resend`, `to` empty:
 * the client's address): the message is queued, recorded as `document-resent` and sent at once,
 * then the page shows its outcome. A refusal is its page's to show, the address as typed.
 */
export async function resendDocument(
  ctx: ConsoleContext,
  messages: DeliveryMessages,
  company: CompanyRef,
  document: { kind: 'invoice' | 'note'; id: number },
): Promise<void> {
  const to = formField(ctx, 'to');
  const queued = await messages.resend(actorOf(ctx), company, document.kind, document.id, to === '' ? null : to, ctx.state.now);
  await messages.sendNow(queued, ctx.state.now);
  ctx.status = 303;
  ctx.redirect(`${companyPath(company.code, document.kind === 'invoice' ? 'invoices' : 'notes', document.id)}#envios`);
}
