import pino from 'pino';
import { LogCapture } from '../support/log-capture';
import {
  PURGE_FIRST_DELAY_MS,
  PURGE_INTERVAL_MS,
  scheduleIdempotencyPurge,
} from '../../src/services/documents/idempotency-purge.scheduler';

describe('scheduleIdempotencyPurge', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setUp = (purge: () => Promise<number>) => {
    const logs = new LogCapture();
    const purger = { purgeExpired: jest.fn(purge) };
    return { purger, logs, logger: pino({ level: 'info' }, logs) };
  };

  it('purges shortly after start, then every ten minutes by default', async () => {
    const { purger, logger, logs } = setUp(async () => 3);
    const schedule = scheduleIdempotencyPurge(purger, logger);
    expect(PURGE_INTERVAL_MS).toBe(600_000);
    await jest.advanceTimersByTimeAsync(PURGE_FIRST_DELAY_MS - 1);
    expect(purger.purgeExpired).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(purger.purgeExpired).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purger.purgeExpired).toHaveBeenCalledTimes(2);
    expect(
      logs
        .entries()
        .filter((e) => e.msg === 'purged expired idempotency records')
        .map((e) => e.deleted),
    ).toEqual([3, 3]);
    await schedule.stop();
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const { purger, logger, logs } = setUp(async () => {
      throw new Error('connection lost');
    });
    const schedule = scheduleIdempotencyPurge(purger, logger, { firstDelayMs: 10, intervalMs: 100 });
    await jest.advanceTimersByTimeAsync(10);
    await jest.advanceTimersByTimeAsync(100);
    expect(purger.purgeExpired).toHaveBeenCalledTimes(2);
    expect(
      logs
        .entries()
        .filter((e) => e.level === 50)
        .map((e) => (e.err as { message: string }).message),
    ).toEqual(['connection lost', 'connection lost']);
    await schedule.stop();
  });

  it('never overlaps runs, and stop() waits for the run in flight and cancels the next', async () => {
    let finish: (n: number) => void = () => undefined;
    const { purger, logger } = setUp(() => new Promise<number>((resolve) => (finish = resolve)));
    const schedule = scheduleIdempotencyPurge(purger, logger, { firstDelayMs: 10, intervalMs: 100 });
    await jest.advanceTimersByTimeAsync(500);
    expect(purger.purgeExpired).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(0);
    await stopping;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(purger.purgeExpired).toHaveBeenCalledTimes(1);
  });

  it('does not keep the process alive', () => {
    const spy = jest.spyOn(global, 'setTimeout');
    const { purger, logger } = setUp(async () => 0);
    const schedule = scheduleIdempotencyPurge(purger, logger);
    const timer = spy.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
    return schedule.stop();
  });
});
