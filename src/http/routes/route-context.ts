import type { Middleware } from 'koa';
import type { Principal } from '../../services/authenticator.service';

/** What route modules receive besides their services: the guards of protected routes. */
export interface RouteGuards {
  /** Authenticates the API key, then rate-limits; for operations without a request body. */
  apiKey: Middleware;
  /** The same, then reads and parses the JSON body within its limits; for operations with one. */
  apiKeyJson: Middleware;
}

/** The principal set by the auth middleware; only called on protected routes. */
export function principalOf(state: { principal?: Principal }): Principal {
  if (!state.principal) throw new Error('route is missing the auth middleware');
  return state.principal;
}
