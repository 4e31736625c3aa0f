import type { Container } from 'inversify';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { TOKENS } from '../tokens';
import { errorMapper } from './middleware/error-mapper.middleware';
import { unmatchedRoute } from './middleware/not-found.middleware';
import { requestId } from './middleware/request-id.middleware';
import { responseHeaders } from './middleware/response-headers.middleware';
import { buildRouter } from './router';

/**
 * Builds the Koa application without listening (tests use app.callback(), main.ts listens).
 *
 * Middleware order, outermost first:
 *   1. response headers: Cache-Control no-store and nosniff on every answer, errors included
 *   2. error mapper: anything thrown below becomes {code, message} with its status
 *   3. request id + logger: X-Request-Id in and out, the request's log scope, one access line
 *   4. unmatched route: turns the router's 404/405 into NOT_FOUND / METHOD_NOT_ALLOWED
 *   5. routes. Protected routes run their guard first: API key, rate limit, then the JSON body
 *      parser with its size limit (413), then the ORM's request context (one unit of work per
 *      request) on the routes that use the ORM (src/http/router.ts). The body is parsed after the
 *      key is checked, so 401 comes before any other answer and an anonymous caller cannot make us
 *      parse (decision 28). An unknown path is 404 with or without a key.
 */
export function buildApp(container: Container): Koa {
  const logger = container.get<Logger>(TOKENS.Logger);
  const router = buildRouter(container);

  const config = container.get<AppConfig>(TOKENS.Config);
  const app = new Koa();
  // Behind one trusted proxy, ctx.ip is the address that proxy appended to X-Forwarded-For (the
  // last entry): the verification pages limit per buyer, and a caller cannot pick an address.
  app.proxy = config.trustProxy;
  app.maxIpsCount = 1;
  app.use(responseHeaders);
  app.use(errorMapper(logger));
  app.use(requestId(logger));
  app.use(unmatchedRoute);
  app.use(router.routes());
  app.use(router.allowedMethods());
  // Errors are all handled by the error mapper; this only catches failures writing a response.
  app.on('error', (err: Error) => logger.error({ err }, 'response failed'));
  return app;
}
