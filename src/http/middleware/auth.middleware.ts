import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { Authenticator } from '../../services/access';

const BEARER = /^Bearer(?:[ \t]+(\S+))?$/i;

/**
 * Requires `Authorization: Bearer <key>` and puts the key's company in ctx.state.principal
 * (decision 22). Missing header or empty key: MISSING_API_KEY; another scheme: INVALID_API_KEY.
 */
export function requireApiKey(authenticator: Authenticator): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization').trim();
    if (header === '') throw new AppError('MISSING_API_KEY', 'Send the API key as Authorization: Bearer <key>.');
    const match = BEARER.exec(header);
    if (!match) throw new AppError('INVALID_API_KEY', 'The Authorization header must use the Bearer scheme.');
    if (match[1] === undefined) throw new AppError('MISSING_API_KEY', 'Send the API key as Authorization: Bearer <key>.');
    ctx.state.principal = await authenticator.authenticate(match[1]);
    await next();
  };
}
