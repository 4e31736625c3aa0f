import type { Logger } from 'pino';
import { repeatInBackground, type BackgroundRun } from '../documents';

/** What the schedule needs of DeliverySender. */
export interface DueDeliverer {
  deliverDue(now?: Date): Promise<number>;
  close(): void;
}

export interface DeliveryScheduleOptions {
  /** Pause between looks at the outbox when the last found nothing more to send. */
  intervalMs?: number;
  clock?: () => Date;
}

/** `wake` looks at the outbox now (after a manual resend); `stop` also closes the transport. */
export type DeliverySchedule = BackgroundRun;

export const DELIVERY_INTERVAL_MS = 1_000;

/**
 * Every instance's sender (decision 86): looks at the outbox every second, and again at once
 * while it finds messages to send; looks never overlap. A failed look (the database away) is
 * logged and tried at the next interval. Instances share the outbox safely: each claim takes rows
 * no other sender holds.
 */
export function scheduleDelivery(sender: DueDeliverer, logger: Logger, options: DeliveryScheduleOptions = {}): DeliverySchedule {
  const { intervalMs = DELIVERY_INTERVAL_MS, clock = () => new Date() } = options;
  let stopped = false;
  const run = repeatInBackground(
    async () => {
      try {
        while (!stopped && (await sender.deliverDue(clock())) > 0);
      } catch (err) {
        logger.error({ err }, 'sending document e-mails failed; tried again at the next interval');
      }
    },
    { firstDelayMs: intervalMs, intervalMs },
  );
  return {
    wake: () => run.wake(),
    async stop() {
      stopped = true;
      await run.stop();
      sender.close();
    },
  };
}
