import type { Middleware } from 'koa';
import type { Principal } from '../../services/authenticator.service';

/** What route modules receive besides their services: the auth middleware for protected routes. */
export interface RouteGuards {
  auth: Middleware;
}

/** The principal set by the auth middleware; only called on protected routes. */
export function principalOf(state: { principal?: Principal }): Principal {
  if (!state.principal) throw new Error('route is missing the auth middleware');
  return state.principal;
}
