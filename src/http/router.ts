import Router from '@koa/router';
import type { Container } from 'inversify';
import { Authenticator } from '../services/authenticator.service';
import { ClientService } from '../services/client.service';
import { requireApiKey } from './middleware/auth.middleware';
import { registerClientRoutes } from './routes/clients.routes';
import { registerDocsRoutes } from './routes/docs.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { registerInvoiceRoutes } from './routes/invoices.routes';
import { InvoicePdfService } from '../services/invoice-pdf.service';
import { InvoicePreviewService } from '../services/invoice-preview.service';
import { InvoiceReader } from '../services/invoice-reader.service';
import { InvoiceIssuer } from '../services/issuing/invoice-issuer.service';

/** Every route of the API. Protected routes take the auth middleware explicitly. */
export function buildRouter(container: Container): Router {
  const router = new Router();
  const guards = { auth: requireApiKey(container.get(Authenticator)) };
  registerHealthRoutes(router);
  registerDocsRoutes(router);
  registerClientRoutes(router, guards, container.get(ClientService));
  registerInvoiceRoutes(router, guards, {
    preview: container.get(InvoicePreviewService),
    issuer: container.get(InvoiceIssuer),
    reader: container.get(InvoiceReader),
    pdf: container.get(InvoicePdfService),
  });
  return router;
}
