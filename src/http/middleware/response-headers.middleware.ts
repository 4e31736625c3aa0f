import type { Middleware } from 'koa';

/**
 * What every answer of the API carries (decision 66), those Node's HTTP server gives before the
 * app included (`http-server.ts`): most carry fiscal data (clients, invoices, PDFs, previews)
 * that no browser, proxy or shared cache may keep, and none may be read by a browser as another
 * type than the one it is served as.
 */
export const EVERY_ANSWER_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * Outermost, so error answers carry the headers too. A route that deliberately lets an answer be
 * cached (the docs page's static assets) sets its own Cache-Control after this one; an error is
 * never cached, whoever set what before it was thrown.
 */
export const responseHeaders: Middleware = async (ctx, next) => {
  ctx.set(EVERY_ANSWER_HEADERS);
  await next();
  if (ctx.status >= 400) ctx.set('Cache-Control', EVERY_ANSWER_HEADERS['Cache-Control']);
};
