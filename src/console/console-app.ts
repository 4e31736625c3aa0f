import type { MikroORM } from '@mikro-orm/mysql';
import { RequestContext } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import Koa from 'koa';
import type { Logger } from 'pino';
import { ConsoleSessions, ServerSecrets } from '../services/access';
import { TOKENS } from '../tokens';
import { CONSOLE_ASSETS } from './assets/console-assets';
import type { ConsoleState } from './console-state';
import { accessLog } from './middleware/access-log';
import { errorPage } from './middleware/error-page';
import { formBody } from './middleware/form-body';
import { csrfCheck, guard } from './middleware/guard';
import { loadSession } from './middleware/load-session';
import { multipartBody } from './middleware/multipart-body';
import { securityHeaders } from './middleware/security-headers';
import { notFound } from './page-tools';
import { buildConsoleRouter } from './router';

export interface ConsoleAppOptions {
  /** The clock every request reads once (tests move it to expire sessions and locks). */
  clock?: () => Date;
}

/**
 * Builds the operator console (decisions 58, 59) without listening, once the server's secret key
 * (the login form's token is a MAC under it, decision 68) is loaded.
 *
 * Middleware order, outermost first:
 *   1. security headers: CSP, nosniff, Referrer-Policy, no framing, no-store, on every answer
 *   2. the request's instant and empty form; access log line
 *   3. error page: anything thrown below becomes a page with its code's status (and a request
 *      whose body was not read to its end gets its connection closed, not read on)
 *   4. ORM request context: one unit of work per request
 *   5. the stylesheet and the icon (assets/console-assets.ts; public: the login page needs them)
 *   6. the session the cookie opens (read only)
 *   7. the POST's urlencoded form, or, for a session, its multipart form and files
 *      (multipart-body.ts: the leading `_csrf` checked before any file is read; 8 MB in all, 413)
 *   8. guard: every POST's `_csrf` (403 otherwise, before anything runs); no session -> 303 /login
 *   9. the pages (router.ts); anything unmatched is the one 404 page
 */
export async function buildConsoleApp(
  container: Container,
  { clock = () => new Date() }: ConsoleAppOptions = {},
): Promise<Koa<ConsoleState>> {
  const logger = container.get<Logger>(TOKENS.Logger);
  const orm = container.get<MikroORM>(TOKENS.Orm);
  const sessions = container.get(ConsoleSessions);
  const secrets = container.get(ServerSecrets);
  await secrets.load();
  const checkCsrf = csrfCheck(secrets);
  const router = buildConsoleRouter(container);

  const app = new Koa<ConsoleState>();
  app.use(securityHeaders);
  app.use(async (ctx, next) => {
    ctx.state.now = clock();
    ctx.state.form = {};
    ctx.state.files = {};
    await next();
  });
  app.use(accessLog(logger));
  app.use(errorPage(logger));
  app.use((_ctx, next) => RequestContext.create(orm.em, next));
  app.use(async (ctx, next) => {
    const asset = CONSOLE_ASSETS.get(ctx.path);
    if (!asset || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  app.use(loadSession(sessions));
  app.use(formBody);
  app.use(multipartBody(checkCsrf));
  app.use(guard(sessions, checkCsrf));
  app.use(router.routes());
  app.use(() => {
    throw notFound();
  });
  app.on('error', (err: Error) => logger.error({ err }, 'console: response failed'));
  return app;
}
