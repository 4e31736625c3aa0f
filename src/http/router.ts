import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import compose from 'koa-compose';
import type { AppConfig } from '../../config/config';
import { Authenticator } from '../services/access';
import { ClientService, InvoicePdfService, InvoicePreviewService, InvoiceReader, InvoiceIssuer } from '../services/sales';
import { DatabaseReadiness } from '../db/database-readiness.service';
import { TOKENS } from '../tokens';
import { requireApiKey } from './middleware/auth.middleware';
import { jsonBody } from './middleware/json-body.middleware';
import { ormContext } from './middleware/orm-context.middleware';
import { rateLimit } from './middleware/rate-limit.middleware';
import { registerClientRoutes } from './routes/clients.routes';
import { registerDocsRoutes } from './routes/docs.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { registerInvoiceRoutes } from './routes/invoices.routes';
import { registerVerificationRoutes } from './routes/verification.routes';
import { DocumentVerifier } from '../services/documents';
import type { RouteGuards } from './routes/route-context';

/**
 * Every route of the API. Protected routes take their guard explicitly: the API key, the rate
 * limit, then (`apiKeyJson`, for operations with a body) the JSON body; GET operations take
 * `apiKey`, as a GET body is never read. The body is read only after the key is accepted, so a request
 * without a valid key is 401 whatever its body (decision 22: 401, then 403, then the rest),
 * and an anonymous caller cannot make the service parse a megabyte. The public verification pages
 * take no key: they are limited per client address instead.
 *
 * A unit of work (the ORM's request context) is opened only by the routes that use one: the GETs
 * of an invoice and of a page of clients read on the plain SQL client, and forking an entity
 * manager for them cost a measurable share of their CPU (issue 20's GET ratio).
 */
export function buildRouter(container: Container): Router {
  const router = new Router();
  const config = container.get<AppConfig>(TOKENS.Config);
  const apiKey = compose([requireApiKey(container.get(Authenticator)), rateLimit(config.rateLimitPerMinute)]);
  const unitOfWork = ormContext(container.get<MikroORM>(TOKENS.Orm));
  const guards: RouteGuards = {
    apiKey,
    apiKeyWithUnitOfWork: compose([apiKey, unitOfWork]),
    apiKeyJson: compose([apiKey, ...jsonBody(config.bodyLimit), unitOfWork]),
  };
  const pdf = container.get(InvoicePdfService);
  const readiness = container.get(DatabaseReadiness);
  registerHealthRoutes(router, { pdfAvailable: () => pdf.isAvailable(), ready: () => readiness.check() });
  registerDocsRoutes(router);
  registerClientRoutes(router, guards, container.get(ClientService));
  registerInvoiceRoutes(router, guards, {
    preview: container.get(InvoicePreviewService),
    issuer: container.get(InvoiceIssuer),
    reader: container.get(InvoiceReader),
    pdf,
  });
  registerVerificationRoutes(router, container.get(DocumentVerifier), config.verifyRateLimitPerMinute);
  return router;
}
