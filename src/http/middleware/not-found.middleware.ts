import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';

/**
 * Sits just before the router and looks at what it left: no route for the path gives
 * 404 NOT_FOUND; a path served with other methods (the router's allowedMethods set 405 or 501
 * and the Allow header) gives 405 METHOD_NOT_ALLOWED. Both go through the error mapper.
 */
export const unmatchedRoute: Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 405 || ctx.status === 501) {
    throw new AppError(
      'METHOD_NOT_ALLOWED',
      `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow') || 'none'}.`,
    );
  }
  if (ctx.status === 404 && ctx.body == null) {
    throw new AppError('NOT_FOUND', `No route ${ctx.method} ${ctx.path}.`);
  }
};
