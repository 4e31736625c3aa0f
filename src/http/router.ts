import Router from '@koa/router';
import type { Container } from 'inversify';
import { Authenticator } from '../services/authenticator.service';
import { ClientService } from '../services/client.service';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config/config';
import { TOKENS } from '../tokens';
import { requireApiKey } from './middleware/auth.middleware';
import { rateLimit } from './middleware/rate-limit.middleware';
import { registerClientRoutes } from './routes/clients.routes';
import { registerDocsRoutes } from './routes/docs.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { registerInvoiceRoutes } from './routes/invoices.routes';
import { InvoicePdfService } from '../services/invoice-pdf.service';
import { InvoicePreviewService } from '../services/invoice-preview.service';
import { InvoiceReader } from '../services/invoice-reader.service';
import { InvoiceIssuer } from '../services/issuing/invoice-issuer.service';

/** Every route of the API. Protected routes take the auth guard (key, then rate limit) explicitly. */
export function buildRouter(container: Container): Router {
  const router = new Router();
  const config = container.get<AppConfig>(TOKENS.Config);
  const authenticate = requireApiKey(container.get(Authenticator));
  const limit = rateLimit(config.rateLimitPerMinute);
  const auth: Middleware = (ctx, next) => authenticate(ctx, () => limit(ctx, next));
  const guards = { auth };
  const pdf = container.get(InvoicePdfService);
  registerHealthRoutes(router, { pdfAvailable: () => pdf.isAvailable() });
  registerDocsRoutes(router);
  registerClientRoutes(router, guards, container.get(ClientService));
  registerInvoiceRoutes(router, guards, {
    preview: container.get(InvoicePreviewService),
    issuer: container.get(InvoiceIssuer),
    reader: container.get(InvoiceReader),
    pdf,
  });
  return router;
}
