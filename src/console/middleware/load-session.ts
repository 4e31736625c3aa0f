import type { Middleware } from 'koa';
import type { ConsoleSessions } from '../../services/access';
import type { ConsoleState } from '../console-state';
import { readCookie, SESSION_COOKIE } from '../cookies';

/** The session the cookie opens, if it is still live, in ctx.state.session; nothing is written here. */
export function loadSession(sessions: ConsoleSessions): Middleware<ConsoleState> {
  return async (ctx, next) => {
    const id = readCookie(ctx, SESSION_COOKIE);
    const open = id === undefined ? null : await sessions.find(id, ctx.state.now);
    if (id !== undefined && open) ctx.state.session = { id, ...open };
    await next();
  };
}
