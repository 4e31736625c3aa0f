/**
 * What a failed database call means for whoever made it, read from the driver's error (a raw
 * mysql2 error, a knex error, or a MikroORM DriverException, which copies the driver's errno,
 * code and sqlState). This is the one place that knows MySQL/MariaDB/Galera error numbers:
 * the issuing retry loop and the HTTP error mapper both ask it.
 *
 * - conflict: the transaction lost a race and was rolled back; running it again is correct.
 *   InnoDB's deadlock victim and a Galera certification failure look the same (1213, SQLSTATE
 *   40001), and on a cluster the latter is thrown by COMMIT itself, as a plain driver error.
 * - lock-timeout: a row lock was not granted within innodb_lock_wait_timeout (1205); the
 *   statement failed and the transaction holds nothing the caller relies on.
 * - node-not-ready: the server answers but will not run queries now (a Galera node outside the
 *   primary component, joining or shutting down).
 * - connection-lost: no usable connection (refused, reset, killed, pool exhausted).
 * - other: anything else; not retried, an unexpected failure.
 */
export type DatabaseFailure = 'conflict' | 'lock-timeout' | 'node-not-ready' | 'connection-lost' | 'other';

const ER_LOCK_DEADLOCK = 1213;
const SQLSTATE_SERIALIZATION_FAILURE = '40001';
const ER_LOCK_WAIT_TIMEOUT = 1205;
/** "WSREP has not yet prepared node for application use" (ER_UNKNOWN_COM_ERROR on a Galera node). */
const ER_WSREP_NOT_READY = 1047;
const ER_SERVER_SHUTDOWN = 1053;
const ER_CONNECTION_KILLED = 1927;
/** MySQL 8.0.24+: the server closed an idle connection. */
const ER_CLIENT_INTERACTION_TIMEOUT = 4031;

/** Socket and protocol codes of mysql2 (and Node) for a connection that is gone or never came. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
]);

/**
 * knex refuses a statement of a transaction that already ended. Inside a unit of work that only
 * happens when the server aborted it under us (on a Galera cluster a certification / brute-force
 * abort rolls it back while a statement of the same flush is still queued): nothing was
 * committed, so it is a conflict like the abort itself, and the whole unit is retried.
 */
const ENDED_TRANSACTION_MESSAGE = /^Transaction query already complete/;
/**
 * Two failures recognisable only by their text: mysql2's promise API rebuilds errors without
 * their `fatal` flag (using a connection that is already closed), and MikroORM re-wraps knex's
 * pool timeout as a plain DriverException, losing its class name.
 */
const CONNECTION_MESSAGES = [/^Can't add new command when connection is in closed state/, /^Knex: Timeout acquiring a connection/];

interface DriverErrorFields {
  errno?: unknown;
  code?: unknown;
  sqlState?: unknown;
  fatal?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function classifyDatabaseError(err: unknown): DatabaseFailure {
  if (typeof err !== 'object' || err === null) return 'other';
  const e = err as DriverErrorFields;
  if (e.errno === ER_LOCK_DEADLOCK || e.sqlState === SQLSTATE_SERIALIZATION_FAILURE) return 'conflict';
  if (typeof e.message === 'string' && ENDED_TRANSACTION_MESSAGE.test(e.message)) return 'conflict';
  if (e.errno === ER_LOCK_WAIT_TIMEOUT) return 'lock-timeout';
  if (e.errno === ER_WSREP_NOT_READY || e.errno === ER_SERVER_SHUTDOWN) return 'node-not-ready';
  if (e.errno === ER_CONNECTION_KILLED || e.errno === ER_CLIENT_INTERACTION_TIMEOUT) return 'connection-lost';
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return 'connection-lost';
  // mysql2 marks every error after which its connection is unusable as fatal (e.g. "Can't add
  // new command when connection is in closed state"); knex names its pool's acquire timeout.
  if (e.fatal === true || e.name === 'KnexTimeoutError') return 'connection-lost';
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(e.message as string))) return 'connection-lost';
  return e.cause !== undefined && e.cause !== err ? classifyDatabaseError(e.cause) : 'other';
}

export type TransientFailure = Exclude<DatabaseFailure, 'other'>;

export function isTransient(failure: DatabaseFailure): failure is TransientFailure {
  return failure !== 'other';
}

interface RetryPolicy {
  /** Attempts of one unit of work, the first included, while it keeps failing this way. */
  attempts: number;
  /** Pause before attempt n+1 is a random value in [0, min(capMs, baseMs * 2^(n-1))). */
  baseMs: number;
  capMs: number;
  /** Retry-After of the 503 once the attempts are spent. */
  retryAfterSeconds: number;
}

/**
 * Conflicts are cheap to retry and, on a multi-writer cluster, frequent: every concurrent issue
 * on another node that takes a number of the same range makes one of the two fail certification.
 * Many attempts with full jitter spread the losers apart. The budget (about 7 s of pauses) is
 * sized for the worst moment, right after a node rejoins: its instance's held-back clients come
 * back at once and the rejoined node commits slowly while it warms up, so for a few seconds a
 * loser can lose again and again; 24 attempts capped at 250 ms (about 2.5 s) ran out there.
 * A lock timeout already waited the whole innodb_lock_wait_timeout, so a few attempts are enough. A node that is not ready or
 * unreachable rarely recovers within a request: two more tries on a fresh connection (a proxy
 * may route it to another node), then the caller is told when to come back.
 */
export const RETRY_POLICIES: Record<TransientFailure, RetryPolicy> = {
  conflict: { attempts: 40, baseMs: 10, capMs: 400, retryAfterSeconds: 1 },
  'lock-timeout': { attempts: 4, baseMs: 20, capMs: 200, retryAfterSeconds: 1 },
  'node-not-ready': { attempts: 3, baseMs: 200, capMs: 800, retryAfterSeconds: 3 },
  'connection-lost': { attempts: 3, baseMs: 200, capMs: 800, retryAfterSeconds: 3 },
};

/** True when attempt number `attempt` (1-based) failed this way and another one is allowed. */
export function mayRetry(failure: DatabaseFailure, attempt: number): boolean {
  return isTransient(failure) && attempt < RETRY_POLICIES[failure].attempts;
}

/** The pause before the next attempt, with full jitter so that racing losers do not meet again. */
export function retryDelayMs(failure: TransientFailure, attempt: number, random: () => number = Math.random): number {
  const { baseMs, capMs } = RETRY_POLICIES[failure];
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
}

/** Whether a fresh connection is worth having for the next attempt (the old one is suspect). */
export function needsFreshConnection(failure: DatabaseFailure): boolean {
  return failure === 'node-not-ready' || failure === 'connection-lost';
}
