import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { Principal } from '../../services/authenticator.service';

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * 429 RATE_LIMITED with Retry-After (decision 23) when a company sends more than
 * `perMinute` requests a minute to this instance: a token bucket per company, refilled
 * continuously, so short bursts up to the limit pass. Per instance by design: it protects the
 * process; it is no billing quota. `perMinute` 0 turns it off.
 */
export function rateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  const buckets = new Map<number, Bucket>();
  const perMs = perMinute / 60_000;
  return async (ctx, next) => {
    const principal = ctx.state.principal as Principal | undefined;
    if (perMinute === 0 || !principal) return next();
    const t = now();
    const bucket = buckets.get(principal.companyId) ?? { tokens: perMinute, refilledAt: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.refilledAt) * perMs);
    bucket.refilledAt = t;
    buckets.set(principal.companyId, bucket);
    if (bucket.tokens < 1) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000))));
      throw new AppError('RATE_LIMITED', `More than ${perMinute} requests a minute for this company; retry after the Retry-After seconds.`);
    }
    bucket.tokens -= 1;
    return next();
  };
}
