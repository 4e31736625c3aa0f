import { AppError } from '../../src/domain/app-error';
import { rateLimit } from '../../src/http/middleware/rate-limit.middleware';

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
