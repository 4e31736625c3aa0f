import type Koa from 'koa';

/**
 * Which address a request comes from, the same for the API and the console (neither adapter's:
 * they may not import each other): Koa's `ctx.ip`. Behind one trusted proxy (TRUST_PROXY=true)
 * it is the last entry of X-Forwarded-For, the one that proxy appended, so whatever a caller
 * writes before it is ignored; otherwise the connection's own address, which a caller cannot
 * choose. The verification pages' rate limit and the console's sign-in throttling count by it.
 */
export function readClientAddress<S, C>(app: Koa<S, C>, trustProxy: boolean): void {
  app.proxy = trustProxy;
  app.maxIpsCount = 1;
}
