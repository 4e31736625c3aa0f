import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { toErrorResponse } from '../error-mapping';

/**
 * Outermost middleware: whatever a later middleware or handler throws becomes the response
 * `{code, message}` with its status. Unexpected errors are logged with their stack; the caller
 * sees only a generic message.
 */
export function errorMapper(rootLogger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const mapped = toErrorResponse(err);
      const log: Logger = ctx.state.log ?? rootLogger;
      if (mapped.unexpected) log.error({ err }, 'unexpected error');
      ctx.status = mapped.status;
      if (mapped.headers !== undefined) ctx.set(mapped.headers);
      ctx.body = mapped.body;
    }
  };
}
