import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { withRequestId } from '../../logger';

/** A caller-sent id is echoed only when it is short and plain, so it cannot forge log content. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when acceptable), echoes it in the
 * response, and runs the rest of the request in its log scope. One access line is written when
 * the response is finished, so it has the final status even after the error mapper ran. Headers
 * are never logged: the Authorization header holds the API key.
 */
export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const sent = ctx.get('X-Request-Id');
    const id = ACCEPTABLE_ID.test(sent) ? sent : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    ctx.res.once('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId: id, method: ctx.method, path: ctx.path, status: ctx.status, durationMs: Math.round(durationMs * 10) / 10 },
        'request',
      );
    });
    await withRequestId(id, next);
  };
}
