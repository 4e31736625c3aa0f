import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { withRequestId } from '../../logger';

/**
 * One access line per request, written when the answer is finished (after the error page). The
 * path only: the query may name a search, never a secret, but forms and cookies are never logged.
 */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const id = randomUUID();
    const started = process.hrtime.bigint();
    ctx.res.once('finish', () => {
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      logger.info({ requestId: id, console: true, method: ctx.method, path: ctx.path, status: ctx.status, durationMs }, 'console request');
    });
    await withRequestId(id, next);
  };
}
