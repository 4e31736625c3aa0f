import mysql from 'mysql2/promise';
import { maskDatabaseUrl } from '../../config/config';
import { defaults } from '../../config/defaults';
import type { Purpose } from './needs';

/** A database server the demo or the tests will connect to. */
export interface DatabaseTarget {
  /** The settings that name it (both, when the demo and the tests share a server). */
  settings: string[];
  url: string;
  /**
   * Left at its default, so it means the machine's own MariaDB, which setup may install, start and
   * let root into. A URL the user set is never acted on, only reported.
   */
  local: boolean;
}

export type DatabaseAnswer =
  | { state: 'answers' }
  /** Nothing listens, or the host cannot be reached. */
  | { state: 'silent'; detail: string }
  /** The server is there but will not let this user in (a stock Debian root is socket-only). */
  | { state: 'refuses-login'; detail: string }
  | { state: 'fails'; detail: string };

const UNREACHABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET']);
const LOGIN_REFUSED = new Set(['ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 'ER_NOT_SUPPORTED_AUTH_MODE']);
const CONNECT_TIMEOUT_MS = 2000;

/** The server of `url`, without its database: the service creates a missing database itself. */
function serverOf(url: string): string {
  const server = new URL(url);
  server.pathname = '';
  return server.toString();
}

/** The servers `npm run demo` (DATABASE_URL) and `npm test` (TEST_DATABASE_SERVER_URL) use. */
export function databaseTargets(
  env: NodeJS.ProcessEnv,
  configuredUrl: string,
  purposes: readonly Purpose[],
  localUrl: string = defaults.DATABASE_URL,
): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [];
  const userSet = (name: string) => (env[name]?.trim() ?? '') !== '';
  const add = (setting: string, url: string, local: boolean) => {
    const same = targets.find((t) => t.local === local && serverOf(t.url) === serverOf(url));
    if (same) same.settings.push(setting);
    else targets.push({ settings: [setting], url, local });
  };
  if (purposes.includes('demo')) {
    const local = !userSet('DATABASE_URL') || configuredUrl === defaults.DATABASE_URL;
    add('DATABASE_URL', local ? localUrl : configuredUrl, local);
  }
  if (purposes.includes('test')) {
    // The tests' default server is the default DATABASE_URL's (test/support/test-database.ts).
    const local = !userSet('TEST_DATABASE_SERVER_URL');
    add('TEST_DATABASE_SERVER_URL', local ? serverOf(localUrl) : env.TEST_DATABASE_SERVER_URL!.trim(), local);
  }
  return targets;
}

export async function askDatabase(url: string): Promise<DatabaseAnswer> {
  let connection: mysql.Connection | undefined;
  try {
    connection = await mysql.createConnection({ uri: serverOf(url), connectTimeout: CONNECT_TIMEOUT_MS });
    await connection.query('SELECT 1');
    return { state: 'answers' };
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    const detail = message || code || String(err);
    if (code !== undefined && UNREACHABLE.has(code)) return { state: 'silent', detail };
    if (code !== undefined && LOGIN_REFUSED.has(code)) return { state: 'refuses-login', detail };
    return { state: 'fails', detail };
  } finally {
    connection?.destroy();
  }
}

export function describeTarget(target: DatabaseTarget): string {
  return `the database at ${maskDatabaseUrl(target.url)} (${target.local ? 'default' : 'your'} ${target.settings.join(' and ')})`;
}
