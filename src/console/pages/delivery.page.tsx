import type { Container } from 'inversify';
import { OperatorAccess } from '../../services/access';
import { DeliveryMessages } from '../../services/delivery';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { actorOf, companyOf, formField, pathId } from '../page-tools';

/**
 * Reenviar on an invoice's or a note's page: `POST …/invoices/{id}/resend` and
 * `…/notes/{id}/resend` with `to` (empty: the client's address). The message is queued, recorded
 * as `document-resent` and sent at once; the page then shows its outcome.
 */
export function registerDeliveryPages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const messages = container.get(DeliveryMessages);
  for (const [kind, folder] of [
    ['invoice', 'invoices'],
    ['note', 'notes'],
  ] as const) {
    router.post(`/companies/:code/${folder}/:id/resend`, async (ctx) => {
      const company = await companyOf(ctx, access);
      const id = pathId(ctx);
      const to = formField(ctx, 'to');
      const queued = await messages.resend(actorOf(ctx), company, kind, id, to === '' ? null : to, ctx.state.now);
      await messages.sendNow(queued, ctx.state.now);
      ctx.status = 303;
      ctx.redirect(`${companyPath(company.code, folder, id)}#envios`);
    });
  }
}
