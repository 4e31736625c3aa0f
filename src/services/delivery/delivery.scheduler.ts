import type { Logger } from 'pino';

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

export interface DeliverySchedule {
  /** Looks at the outbox now instead of at the next interval (after a manual resend). */
  wake(): void;
  /** Cancels the next look, waits for one in flight, closes the transport. */
  stop(): Promise<void>;
}

export const DELIVERY_INTERVAL_MS = 1_000;

/**
 * Every instance's sender (decision 86): looks at the outbox every second, and again at once
 * while it finds full batches. Looks never overlap; the timer is unref'd; a failed look (the
 * database away) is logged and tried at the next interval. Instances share the outbox safely:
 * each claim takes rows no other sender holds.
 */
export function scheduleDelivery(sender: DueDeliverer, logger: Logger, options: DeliveryScheduleOptions = {}): DeliverySchedule {
  const { intervalMs = DELIVERY_INTERVAL_MS, clock = () => new Date() } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    try {
      while (!stopped && (await sender.deliverDue(clock())) > 0);
    } catch (err) {
      logger.error({ err }, 'sending document e-mails failed; tried again at the next interval');
    }
  };
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
  arm(intervalMs);

  return {
    wake() {
      if (!stopped && running === undefined) arm(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender.close();
    },
  };
}
