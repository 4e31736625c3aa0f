import type { Middleware } from 'koa';
import type { Principal } from '../../services/access';

/** What route modules receive besides their services: the guards of protected routes. */
export interface RouteGuards {
  /**
   * Authenticates the API key, then rate-limits; for operations without a request body that read
   * on the plain SQL client only (no unit of work: see `unitOfWork`).
   */
  apiKey: Middleware;
  /** `apiKey`, then a unit of work; for operations without a body that use the ORM. */
  apiKeyWithUnitOfWork: Middleware;
  /** `apiKey`, then reads and parses the JSON body within its limits, then a unit of work; for operations with one. */
  apiKeyJson: Middleware;
}

/** The principal set by the auth middleware; only called on protected routes. */
export function principalOf(state: { principal?: Principal }): Principal {
  if (!state.principal) throw new Error('route is missing the auth middleware');
  return state.principal;
}
