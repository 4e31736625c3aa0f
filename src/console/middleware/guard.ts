import type { Context, Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { ConsoleSessions, ServerSecrets } from '../../services/access';
import type { ConsoleContext, ConsoleState } from '../console-state';
import { LOGIN_COOKIE, readCookie, SESSION_COOKIE } from '../cookies';
import { renderSessionExpired } from '../pages/session-expired';
import { loginToken, tokensMatch } from '../login-token';

/** The pages a request without a session may see. */
const PUBLIC_PATHS = new Set(['/login']);

/** Refuses a POST whose form (as read so far) has not the `_csrf` it must carry. */
export type CsrfCheck = (ctx: Context & { state: ConsoleState }) => void;

/**
 * The one rule of a POST's `_csrf` (decisions 59, 68): the session's token, or for /login the one
 * bound to the pre-session cookie; missing or different, CSRF_TOKEN_INVALID (403). The guard
 * applies it to every POST; the multipart reader applies it too, as soon as the token has arrived
 * and before any file is read.
 */
export function csrfCheck(secrets: ServerSecrets): CsrfCheck {
  return (ctx) => {
    const nonce = ctx.path === '/login' ? readCookie(ctx, LOGIN_COOKIE) : undefined;
    const expected = ctx.path === '/login' ? nonce && loginToken(secrets, nonce) : ctx.state.session?.csrfToken;
    if (!tokensMatch(ctx.state.form._csrf, expected))
      throw new AppError('CSRF_TOKEN_INVALID', 'the form has no valid _csrf token for this session');
  };
}

/**
 * Every POST carries the right `_csrf` or is refused 403 before anything runs, so nothing changes
 * (decision 59); a POST from a browser whose session cookie no longer opens a session is told its
 * session ended (decision 90). Without a session, any other request is sent to /login, naming the
 * page it asked for. A request that passes records the session's use.
 */
export function guard(sessions: ConsoleSessions, checkCsrf: CsrfCheck): Middleware<ConsoleState> {
  return async (ctx, next) => {
    const { session } = ctx.state;
    // A form sent by a browser whose session has since ended: say so, and lead back to its page.
    if (ctx.method === 'POST' && !session && !PUBLIC_PATHS.has(ctx.path) && readCookie(ctx, SESSION_COOKIE) !== undefined) {
      // An upload's body is not read without a session: close rather than read the rest of it.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      renderSessionExpired(ctx as ConsoleContext);
      return;
    }
    if (ctx.method === 'POST') checkCsrf(ctx);
    else if (!session && !PUBLIC_PATHS.has(ctx.path)) {
      ctx.status = 303;
      ctx.redirect(ctx.path === '/' ? '/login' : `/login?next=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    if (session) await sessions.touch(session.id, session.lastSeenAt, ctx.state.now);
    await next();
  };
}
