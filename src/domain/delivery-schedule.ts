/**
 * The life of one e-mail of an issued document (decision 86): QUEUED until an attempt succeeds
 * (SENT) or the last retry fails (FAILED). Pure: the clock is an argument, so tests move it
 * instead of waiting.
 */
export const DELIVERY_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const MINUTE = 60_000;

/** The wait before each retry of a failed send: 1, 5 and 30 minutes, then 2 and 12 hours. */
export const DELIVERY_RETRY_DELAYS_MS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE];

/** How long a claimed message is its sender's alone; a sender that dies leaves it to another after this. */
export const DELIVERY_LEASE_MS = 5 * MINUTE;

/** What follows a failed attempt, given how many attempts (this one included) have been made. */
export function afterFailedAttempt(attempts: number, now: Date): { status: 'QUEUED'; nextAttemptAt: Date } | { status: 'FAILED' } {
  const delay = DELIVERY_RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return { status: 'FAILED' };
  return { status: 'QUEUED', nextAttemptAt: new Date(now.getTime() + delay) };
}

export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return (DELIVERY_STATUSES as readonly string[]).includes(value);
}
