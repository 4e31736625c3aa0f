import type { Context } from 'koa';

const serialised = new WeakMap<object, string>();

/**
 * Answers `present(source)` as JSON, serialised once per source object. Read-cache entries are
 * frozen objects shared by every request that hits them (src/db/read-cache.ts), so their JSON
 * text is computed on the first such request and reused until the entry is replaced or evicted
 * (then the text goes with it). Any other source is simply serialised: it is seen once.
 */
export function respondJsonOnce(ctx: Context, source: object, present: () => unknown): void {
  let body = serialised.get(source);
  if (body === undefined) {
    body = JSON.stringify(present());
    if (Object.isFrozen(source)) serialised.set(source, body);
  }
  ctx.type = 'json';
  ctx.body = body;
}
