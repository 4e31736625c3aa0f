import type { Context, Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { Principal } from '../../services/authenticator.service';

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/** Who a limit counts requests of; undefined lets the request through uncounted. */
type KeyOf<K> = (ctx: Context) => K | undefined;

/**
 * Buckets kept before the full ones are forgotten: a full bucket holds nothing a fresh one would
 * not, so dropping it changes no answer. Bounds the memory a caller rotating addresses can take.
 */
const MAX_BUCKETS = 100_000;

/**
 * 429 RATE_LIMITED with Retry-After (decision 23) when one key sends more than `perMinute`
 * requests a minute to this instance: a token bucket per key, refilled continuously, so bursts up
 * to the limit pass and then one request every 60/perMinute seconds. Per instance by design: it
 * protects the process; it is no billing quota. `perMinute` 0 turns it off. `refusal` says whose
 * limit it was, in the message.
 */
function tokenBuckets<K>(perMinute: number, keyOf: KeyOf<K>, refusal: string, now: () => number): Middleware {
  const buckets = new Map<K, Bucket>();
  const perMs = perMinute / 60_000;
  const refill = (bucket: Bucket, t: number) => {
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.refilledAt) * perMs);
    bucket.refilledAt = t;
  };
  const forgetFull = (t: number) => {
    for (const [key, bucket] of buckets) {
      refill(bucket, t);
      if (bucket.tokens >= perMinute) buckets.delete(key);
    }
    // Still too many live ones: the least recently seen go (they start again with a full bucket).
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_BUCKETS / 2) break;
      buckets.delete(key);
    }
  };
  return async (ctx, next) => {
    const key = keyOf(ctx);
    if (perMinute === 0 || key === undefined) return next();
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, refilledAt: t };
    refill(bucket, t);
    // Re-inserted so the map's order is least recently seen first.
    buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > MAX_BUCKETS) forgetFull(t);
    if (bucket.tokens < 1) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000))));
      throw new AppError('RATE_LIMITED', `More than ${perMinute} requests a minute ${refusal}; retry after the Retry-After seconds.`);
    }
    bucket.tokens -= 1;
    return next();
  };
}

/** The limit of authenticated routes: per company (the principal's), after the API key is checked. */
export function rateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  return tokenBuckets(perMinute, (ctx) => (ctx.state.principal as Principal | undefined)?.companyId, 'for this company', now);
}

/** The limit of public routes (the verification pages): per client address, before anything else is done. */
export function addressRateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  return tokenBuckets(perMinute, (ctx) => ctx.ip, 'from this address', now);
}
