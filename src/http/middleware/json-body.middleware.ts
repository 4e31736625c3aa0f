import type { Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { AppError } from '../../domain/app-error';

/**
 * Parses JSON bodies up to `limit` (413 PAYLOAD_TOO_LARGE above it). A body sent with another
 * content type is refused rather than silently read as empty.
 */
export function jsonBody(limit: string): Middleware[] {
  const requireJson: Middleware = async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json', '+json')) {
      throw new AppError('VALIDATION_FAILED', 'The request body must be JSON (Content-Type: application/json).');
    }
    await next();
  };
  return [requireJson, bodyParser({ enableTypes: ['json'], jsonLimit: limit, strict: true })];
}
