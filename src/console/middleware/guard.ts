import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { ConsoleSessions } from '../../services/operators/console-sessions.service';
import type { ServerSecrets } from '../../services/server-secrets.service';
import type { ConsoleState } from '../console-state';
import { LOGIN_COOKIE, readCookie } from '../cookies';
import { loginToken, tokensMatch } from '../login-token';

/** The pages a request without a session may see. */
const PUBLIC_PATHS = new Set(['/login']);

/**
 * Every POST carries the right `_csrf` (the session's; for /login the pre-session cookie's) or is
 * refused 403 before anything runs, so nothing changes (decision 59). Without a session, any
 * other request is sent to /login, naming the page it asked for. A request that passes records
 * the session's use.
 */
export function guard(sessions: ConsoleSessions, secrets: ServerSecrets): Middleware<ConsoleState> {
  return async (ctx, next) => {
    const { session } = ctx.state;
    if (ctx.method === 'POST') {
      const nonce = ctx.path === '/login' ? readCookie(ctx, LOGIN_COOKIE) : undefined;
      const expected = ctx.path === '/login' ? nonce && loginToken(secrets, nonce) : session?.csrfToken;
      if (!tokensMatch(ctx.state.form._csrf, expected))
        throw new AppError('CSRF_TOKEN_INVALID', 'the form has no valid _csrf token for this session');
    } else if (!session && !PUBLIC_PATHS.has(ctx.path)) {
      ctx.status = 303;
      ctx.redirect(ctx.path === '/' ? '/login' : `/login?next=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    if (session) await sessions.touch(session.id, session.lastSeenAt, ctx.state.now);
    await next();
  };
}
