import type { Logger } from 'pino';

/** What the schedule needs of IdempotencyStore: one bounded purge per call. */
export interface ExpiredKeyPurger {
  purgeExpired(now?: Date): Promise<number>;
}

export interface PurgeScheduleOptions {
  /** Delay of the first run after start (shortly after, not during start-up). */
  firstDelayMs?: number;
  /** Pause between the end of one run and the start of the next. */
  intervalMs?: number;
}

export interface PurgeSchedule {
  /** Cancels the next run and waits for one in flight, so the pool can be closed after it. */
  stop(): Promise<void>;
}

export const PURGE_FIRST_DELAY_MS = 15_000;
export const PURGE_INTERVAL_MS = 10 * 60_000;

/** A task run again and again in the background: `stop` ends it, `wake` runs it now instead of at its next time. */
export interface BackgroundRun {
  /** Runs the task now when it is not running (else it runs at its next time as usual). */
  wake(): void;
  /** Cancels the next run and waits for one in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `runOnce` after `firstDelayMs`, then `intervalMs` after the end of each run: runs never
 * overlap, the timer is unref'd (it never keeps a process alive), and `runOnce` handles its own
 * failures (it must not reject). Every instance's background work (this purge, the e-mail sender)
 * runs on it.
 */
export function repeatInBackground(
  runOnce: () => Promise<void>,
  { firstDelayMs, intervalMs }: Required<PurgeScheduleOptions>,
): BackgroundRun {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const arm = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        if (!stopped) arm(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  arm(firstDelayMs);

  return {
    wake() {
      if (!stopped && running === undefined) arm(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Purges idempotency records past retention in the background (decision 14: the key is
 * free again after 24 h; purge in bounded batches), on repeatInBackground. A failed run is logged
 * and tried again at the next interval. Every instance runs it; concurrent purges only delete the
 * same rows by id.
 */
export function scheduleIdempotencyPurge(purger: ExpiredKeyPurger, logger: Logger, options: PurgeScheduleOptions = {}): PurgeSchedule {
  const { firstDelayMs = PURGE_FIRST_DELAY_MS, intervalMs = PURGE_INTERVAL_MS } = options;
  return repeatInBackground(
    async () => {
      try {
        const deleted = await purger.purgeExpired();
        if (deleted > 0) logger.info({ deleted }, 'purged expired idempotency records');
      } catch (err) {
        logger.error({ err }, 'purging expired idempotency records failed; retried at the next interval');
      }
    },
    { firstDelayMs, intervalMs },
  );
}
