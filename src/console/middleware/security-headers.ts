import type { Middleware } from 'koa';

/**
 * Nothing but this console's own files: no script at all (the pages need none), styles and images
 * from the console only, forms posting back to it, never framed (clickjacking).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Outermost: the security headers on every answer, error pages and redirects included. */
export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    // Pages show what only a signed-in operator may see (a new API key once): never kept by caches.
    'Cache-Control': 'no-store',
  });
  await next();
};
