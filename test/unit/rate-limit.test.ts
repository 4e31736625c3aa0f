import { AppError } from '../../src/domain/app-error';
import { addressRateLimit, rateLimit } from '../../src/http/middleware/rate-limit.middleware';

describe('rateLimit', () => {
  const ctxFor = (companyId: number) => {
    const headers: Record<string, string> = {};
    return { state: { principal: { companyId } }, set: (k: string, v: string) => (headers[k] = v), headers };
  };
  const call = (mw: ReturnType<typeof rateLimit>, ctx: ReturnType<typeof ctxFor>) =>
    (mw as unknown as (c: unknown, n: () => Promise<void>) => Promise<void>)(ctx, async () => undefined);

  it('refills continuously: after a full burst one request passes every 60/limit seconds', async () => {
    let clock = 0;
    const mw = rateLimit(60, () => clock);
    const ctx = ctxFor(1);
    for (let i = 0; i < 60; i++) await call(mw, ctx);
    await expect(call(mw, ctx)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(ctx.headers['Retry-After']).toBe('1');
    clock += 1000;
    await expect(call(mw, ctx)).resolves.toBeUndefined();
    await expect(call(mw, ctx)).rejects.toBeInstanceOf(AppError);
  });

  it('does nothing when turned off', async () => {
    const mw = rateLimit(0, () => 0);
    for (let i = 0; i < 1000; i++) await call(mw, ctxFor(1));
  });
});

describe('addressRateLimit', () => {
  const ctxFrom = (ip: string) => {
    const headers: Record<string, string> = {};
    return { ip, state: {}, set: (k: string, v: string) => (headers[k] = v), headers };
  };
  const call = (mw: ReturnType<typeof addressRateLimit>, ctx: ReturnType<typeof ctxFrom>) =>
    (mw as unknown as (c: unknown, n: () => Promise<void>) => Promise<void>)(ctx, async () => undefined);

  it('answers 60 requests in a minute from one address whatever their pace, refuses the 61st until the minute is over', async () => {
    let clock = 0;
    const mw = addressRateLimit(60, () => clock);
    const ctx = ctxFrom('203.0.113.7');
    for (let i = 0; i < 60; i++) {
      await call(mw, ctx);
      clock += 900; // 54 s for the 60: a continuous refill would have given 54 more back by now
    }
    await expect(call(mw, ctx)).rejects.toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('from this address') });
    expect(ctx.headers['Retry-After']).toBe('6');
    // Another address has its own allowance.
    await expect(call(mw, ctxFrom('203.0.113.8'))).resolves.toBeUndefined();
    clock = 60_000;
    for (let i = 0; i < 60; i++) await call(mw, ctx);
    await expect(call(mw, ctx)).rejects.toBeInstanceOf(AppError);
  });

  it('forgets addresses whose allowance is whole again, so rotating addresses cannot grow it without bound', async () => {
    let clock = 0;
    const mw = addressRateLimit(1, () => clock);
    const spent = ctxFrom('198.51.100.1');
    await call(mw, spent);
    for (let i = 0; i < 100_001; i++) await call(mw, ctxFrom(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`));
    // Pruning kept the least recent ones only while it had to: the spent address, seen first, was forgotten.
    await expect(call(mw, spent)).resolves.toBeUndefined();
    clock = 60_000;
    await expect(call(mw, ctxFrom('10.0.0.1'))).resolves.toBeUndefined();
  });
});
