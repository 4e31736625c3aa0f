import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { toErrorResponse } from '../error-mapping';

/**
 * Outermost middleware: whatever a later middleware or handler throws becomes the response
 * `{code, message}` with its status. Unexpected errors are logged with their stack; the caller
 * sees only a generic message.
 */
export function errorMapper(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const mapped = toErrorResponse(err);
      // Outside the request's log scope by now (this middleware wraps it): name the id explicitly.
      if (mapped.unexpected) logger.error({ err, requestId: ctx.state.requestId }, 'unexpected error');
      else if (mapped.failure !== undefined)
        logger.warn({ failure: mapped.failure, err: (err as Error).message, requestId: ctx.state.requestId }, 'database unavailable');
      ctx.status = mapped.status;
      if (mapped.headers !== undefined) ctx.set(mapped.headers);
      ctx.body = mapped.body;
    }
  };
}
