import type { MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { TOKENS } from '../tokens';
import { errorMapper } from './middleware/error-mapper.middleware';
import { jsonBody } from './middleware/json-body.middleware';
import { unmatchedRoute } from './middleware/not-found.middleware';
import { ormContext } from './middleware/orm-context.middleware';
import { requestId } from './middleware/request-id.middleware';
import { buildRouter } from './router';

/**
 * Builds the Koa application without listening (tests use app.callback(), main.ts listens).
 *
 * Middleware order, outermost first:
 *   1. error mapper: anything thrown below becomes {code, message} with its status
 *   2. request id + logger: X-Request-Id in and out, a child logger, one access line per request
 *   3. JSON body parser with a size limit (413 PAYLOAD_TOO_LARGE)
 *   4. ORM request context: one unit of work per request
 *   5. unmatched route: turns the router's 404/405 into NOT_FOUND / METHOD_NOT_ALLOWED
 *   6. routes; auth runs per protected route, so an unknown path is 404 with or without a key
 */
export function buildApp(container: Container): Koa {
  const config = container.get<AppConfig>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const orm = container.get<MikroORM>(TOKENS.Orm);
  const router = buildRouter(container);

  const app = new Koa();
  app.use(errorMapper(logger));
  app.use(requestId(logger));
  for (const middleware of jsonBody(config.bodyLimit)) app.use(middleware);
  app.use(ormContext(orm));
  app.use(unmatchedRoute);
  app.use(router.routes());
  app.use(router.allowedMethods());
  // Errors are all handled by the error mapper; this only catches failures writing a response.
  app.on('error', (err: Error) => logger.error({ err }, 'response failed'));
  return app;
}
