import { createContext } from 'preact';
import type { SessionOperator } from '../../services/access';

/** What every component of a page may need of its request: the operator and the forms' token. */
export interface PageEnv {
  operator: SessionOperator | null;
  /** The session's `_csrf` (or, on the login page, the pre-session's). */
  csrfToken: string;
  /**
   * The page the forms are on (`_page` in each): where signing in again leads when a form is sent
   * after its session ended. Undefined when unknown.
   */
  page?: string;
}

export const PageEnvContext = createContext<PageEnv>({ operator: null, csrfToken: '' });
