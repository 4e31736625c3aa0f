import pino from 'pino';
import { scheduleDelivery } from '../../src/services/delivery';

describe('scheduleDelivery', () => {
  it('looks again at once while a look sends something, then waits; stop waits for a look and closes the transport', async () => {
    const counts = [8, 3, 0];
    const seen: Date[] = [];
    const sender = {
      deliverDue: jest.fn(async (now?: Date) => {
        seen.push(now!);
        return counts.shift() ?? 0;
      }),
      close: jest.fn(),
    };
    const at = new Date('2026-11-30T12:00:00Z');
    const schedule = scheduleDelivery(sender, pino({ level: 'silent' }), { intervalMs: 60_000, clock: () => at });
    expect(sender.deliverDue).not.toHaveBeenCalled();
    schedule.wake();
    while (sender.deliverDue.mock.calls.length < 3) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    expect(sender.deliverDue).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([at, at, at]);
    await schedule.stop();
    expect(sender.close).toHaveBeenCalledTimes(1);
  });

  it('logs a failed look and keeps running', async () => {
    const sender = { deliverDue: jest.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(0), close: jest.fn() };
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (l: string) => lines.push(l) });
    const schedule = scheduleDelivery(sender, logger, { intervalMs: 10 });
    while (sender.deliverDue.mock.calls.length < 2) await new Promise((r) => setTimeout(r, 5));
    await schedule.stop();
    expect(lines.some((l) => l.includes('sending document e-mails failed') && l.includes('database away'))).toBe(true);
  });
});
