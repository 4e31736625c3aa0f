/**
 * How long a console session lasts (decision 59) and when sign-ins for an e-mail are refused (decision 67).
 * Pure: the clock is an argument, so tests move it instead of waiting.
 */
const MINUTE_MS = 60_000;

/** A session unused this long is over. */
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
/** A session is over this long after sign-in, however busy. */
export const SESSION_MAX_MS = 12 * 60 * MINUTE_MS;
/**
 * A session's last use is written at most this often: the idle limit is kept to the minute
 * without a write on every page view.
 */
export const SESSION_TOUCH_MS = MINUTE_MS;

/**
 * Sign-in throttling (decision 67): this many failures for one e-mail from one client address
 * within the window refuse that address for that e-mail; this many from all addresses together
 * refuse the e-mail everywhere. A refusal lasts SIGN_IN_LOCK_MS from the failure that made it.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS = 5;
export const SIGN_IN_FAILURES_PER_EMAIL = 50;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_LOCK_MS = 15 * MINUTE_MS;

/** A failure counted against an e-mail: when, and from which client address. */
export interface SignInFailure {
  at: Date;
  address: string;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

/** Whether a session is still open at `now`: neither idle too long nor older than the maximum. */
export function sessionIsLive({ createdAt, lastSeenAt }: SessionTimes, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() < SESSION_IDLE_MS && now.getTime() - createdAt.getTime() < SESSION_MAX_MS;
}

/**
 * Until when sign-ins for an e-mail from `address` are refused, given the e-mail's failures (any
 * order, every address): the later of its address's refusal and the e-mail's own; null when
 * neither holds at `now`. Refused tries are not failures, so a refusal ends on time however often
 * someone knocks.
 */
export function signInRefusedUntil(failures: readonly SignInFailure[], address: string, now: Date): Date | null {
  const fromAddress = refusedUntil(
    failures.filter((f) => f.address === address),
    SIGN_IN_FAILURES_PER_ADDRESS,
  );
  const everywhere = refusedUntil(failures, SIGN_IN_FAILURES_PER_EMAIL);
  const until = Math.max(fromAddress ?? 0, everywhere ?? 0);
  return until > now.getTime() ? new Date(until) : null;
}

/** 15 minutes from the last failure that was the `limit`-th within 15 minutes; null if none was. */
function refusedUntil(failures: readonly SignInFailure[], limit: number): number | null {
  const times = failures.map((f) => f.at.getTime()).sort((a, b) => a - b);
  let until: number | null = null;
  for (let i = limit - 1; i < times.length; i++) {
    if (times[i] - times[i - limit + 1] <= SIGN_IN_WINDOW_MS) until = times[i] + SIGN_IN_LOCK_MS;
  }
  return until;
}

/** How far back failures can still matter to a lock at `now`. */
export function signInFailuresSince(now: Date): Date {
  return new Date(now.getTime() - SIGN_IN_WINDOW_MS - SIGN_IN_LOCK_MS);
}
