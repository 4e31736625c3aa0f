import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import { sentUncompressed } from '../../validation/content-encoding';
import type { ConsoleState } from '../console-state';

/** The largest form a console page sends (a reason, a few fields): far below this. */
const FORM_LIMIT = '64kb';

const parse = bodyParser({ enableTypes: ['form'], formLimit: FORM_LIMIT });

/**
 * Reads a POST's urlencoded form into ctx.state.form as plain strings: a field sent twice keeps its
 * first value, a nested one (`a[b]=c`) is dropped. Any other body is not read, so it has no fields
 * (and no `_csrf`: it is refused).
 */
export const formBody: Middleware<ConsoleState> = async (ctx, next) => {
  if (ctx.method !== 'POST') return next();
  // A browser sends its forms as they are.
  if (!sentUncompressed(ctx.get('Content-Encoding')))
    throw new AppError(
      'VALIDATION_FAILED',
      `the form is sent with Content-Encoding ${ctx.get('Content-Encoding').trim().toLowerCase().slice(0, 50)}: send it uncompressed`,
    );
  await parse(ctx, async () => {});
  const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') form[name] = first;
  }
  ctx.state.form = form;
  return next();
};
