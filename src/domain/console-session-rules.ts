/**
 * How long a console session lasts and when sign-ins for an e-mail are refused (decision 59).
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

/** Failures that lock an e-mail, within the window, and how long the lock lasts. */
export const SIGN_IN_FAILURES_TO_LOCK = 5;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_LOCK_MS = 15 * MINUTE_MS;

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

/** Whether a session is still open at `now`: neither idle too long nor older than the maximum. */
export function sessionIsLive({ createdAt, lastSeenAt }: SessionTimes, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() < SESSION_IDLE_MS && now.getTime() - createdAt.getTime() < SESSION_MAX_MS;
}

/**
 * Until when sign-ins for an e-mail are refused, given its failures (any order): 15 minutes from
 * a failure that was the fifth within 15 minutes; null when not locked at `now`. Refused tries are
 * not failures, so a lock ends on time however often someone knocks.
 */
export function signInLockedUntil(failures: readonly Date[], now: Date): Date | null {
  const times = failures.map((f) => f.getTime()).sort((a, b) => a - b);
  let until: number | null = null;
  for (let i = SIGN_IN_FAILURES_TO_LOCK - 1; i < times.length; i++) {
    if (times[i] - times[i - SIGN_IN_FAILURES_TO_LOCK + 1] <= SIGN_IN_WINDOW_MS) until = times[i] + SIGN_IN_LOCK_MS;
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** How far back failures can still matter to a lock at `now`. */
export function signInFailuresSince(now: Date): Date {
  return new Date(now.getTime() - SIGN_IN_WINDOW_MS - SIGN_IN_LOCK_MS);
}
