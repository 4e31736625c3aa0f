import type { Context, Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { Principal } from '../../services/access';

interface Bucket {
  tokens: number;
  /** When tokens were last added (continuous refill) or when the bucket's minute began (per minute). */
  since: number;
}

const MINUTE_MS = 60_000;

/** How a bucket of `perMinute` tokens gets them back, and how long until the next one. */
interface Refill {
  refill(bucket: Bucket, t: number): void;
  msUntilToken(bucket: Bucket, t: number): number;
}

/** Tokens flow back continuously: after a burst, one request every 60/perMinute seconds. */
function continuous(perMinute: number): Refill {
  const perMs = perMinute / MINUTE_MS;
  return {
    refill(bucket, t) {
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.since) * perMs);
      bucket.since = t;
    },
    msUntilToken: (bucket) => (1 - bucket.tokens) / perMs,
  };
}

/** The whole bucket comes back a minute after its first request: exactly perMinute requests in that minute. */
function perMinuteWindow(perMinute: number): Refill {
  return {
    refill(bucket, t) {
      if (t - bucket.since < MINUTE_MS) return;
      bucket.tokens = perMinute;
      bucket.since = t;
    },
    msUntilToken: (bucket, t) => bucket.since + MINUTE_MS - t,
  };
}

/**
 * Buckets kept before the full ones are forgotten: a full bucket holds nothing a fresh one would
 * not, so dropping it changes no answer. Bounds the memory a caller rotating addresses can take.
 */
const MAX_BUCKETS = 100_000;

/**
 * 429 RATE_LIMITED with Retry-After (decision 23) when one key (`keyOf`; undefined lets the
 * request through uncounted) sends more than `perMinute` requests a minute to this instance: a
 * bucket of tokens per key, refilled as `refill` says. Per instance by design: it protects the
 * process; it is no billing quota. `perMinute` 0 turns it off. `whose` names the key in the message.
 */
function tokenBuckets<K>(
  perMinute: number,
  refill: Refill,
  keyOf: (ctx: Context) => K | undefined,
  whose: string,
  now: () => number,
): Middleware {
  const buckets = new Map<K, Bucket>();
  const forgetFull = (t: number) => {
    for (const [key, bucket] of buckets) {
      refill.refill(bucket, t);
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
    const bucket = buckets.get(key) ?? { tokens: perMinute, since: t };
    refill.refill(bucket, t);
    // Re-inserted so that the map's order is least recently seen first.
    buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > MAX_BUCKETS) forgetFull(t);
    if (bucket.tokens < 1) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(refill.msUntilToken(bucket, t) / 1000))));
      throw new AppError('RATE_LIMITED', `More than ${perMinute} requests a minute ${whose}; retry after the Retry-After seconds.`);
    }
    bucket.tokens -= 1;
    return next();
  };
}

/**
 * The limit of authenticated routes: per company (the principal's), after the API key is checked;
 * refilled continuously, so bursts up to the limit pass.
 */
export function rateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  return tokenBuckets(
    perMinute,
    continuous(perMinute),
    (ctx) => (ctx.state.principal as Principal | undefined)?.companyId,
    'for this company',
    now,
  );
}

/**
 * The limit of the public verification pages: per client address, before anything else is done.
 * A minute's allowance at a time (decision 54): `perMinute` requests are answered, the next one
 * in that minute is refused whatever the pace, so walking the token space stays out of reach.
 */
export function addressRateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  return tokenBuckets(perMinute, perMinuteWindow(perMinute), (ctx) => ctx.ip, 'from this address', now);
}
