import type { Context } from 'koa';

export interface CookieOptions {
  /** Drops Secure only when CONSOLE_SECURE_COOKIE=false (decision 59). */
  secure: boolean;
  path?: string;
  /** Seconds; absent: a browser-session cookie. 0 deletes it. */
  maxAge?: number;
}

/** The session cookie and the login page's pre-session cookie. */
export const SESSION_COOKIE = 'console_session';
export const LOGIN_COOKIE = 'console_login';

/**
 * Sets a cookie that is always HttpOnly and SameSite=Strict, and Secure unless configured off. Written
 * by hand rather than through ctx.cookies, which refuses a Secure cookie on a plain-HTTP request:
 * behind a TLS proxy the request the console sees is plain HTTP, yet the browser's is not.
 */
export function setCookie(ctx: Context, name: string, value: string, { secure, path = '/', maxAge }: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${path}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  ctx.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(ctx: Context, name: string, options: Omit<CookieOptions, 'maxAge'>): void {
  setCookie(ctx, name, '', { ...options, maxAge: 0 });
}

/** A cookie's value if it has the shape of one this console sets (base64url), else undefined. */
export function readCookie(ctx: Context, name: string): string | undefined {
  const value = ctx.cookies.get(name);
  return value !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}
