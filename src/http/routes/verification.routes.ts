import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import { VERIFY_PATH_PREFIX } from '../../domain/verification-token';
import type { DocumentVerifier } from '../../services/documents';
import { toErrorResponse } from '../error-mapping';
import { addressRateLimit } from '../middleware/rate-limit.middleware';
import { NOT_FOUND_PAGE, PAGE_HEADERS, refusalPage, verificationPage } from '../pages/verification.page';
import { presentVerification, VERIFICATION_NOT_FOUND } from '../presenters/verification.presenter';

/**
 * `/verify`, `/verify/` and `/verify/<anything>`, one path segment or several: every path under
 * it that names no document gets the same 404, so nothing about the token's shape is revealed.
 */
const VERIFY_PATHS = /^\/verify(?:\/.*)?$/;

/** Whether the caller asked for JSON (`Accept: application/json`); anything else gets the page. */
const wantsJson = (ctx: Context) => ctx.accepts('html', 'json') === 'json';

/**
 * A refusal on the way (429 past the address's limit, 503 while the database is away) as a page
 * for a browser; JSON callers get the API's `{code, message}` from the error mapper. Unexpected
 * errors go on to the error mapper, which logs them.
 */
const refusalsAsPages: Middleware = async (ctx, next) => {
  ctx.vary('Accept');
  try {
    await next();
  } catch (err) {
    if (!(err instanceof AppError) || wantsJson(ctx)) throw err;
    const { status, headers } = toErrorResponse(err);
    ctx.status = status;
    ctx.set({ ...PAGE_HEADERS, ...headers });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = refusalPage(status);
  }
};

/**
 * The public verification pages (decision 54): outside /v1, without a key, limited per client
 * address. A handler that parses (the token: the path after /verify/), calls one service and
 * presents the facts as a Spanish page or, for `Accept: application/json`, as JSON.
 */
export function registerVerificationRoutes(router: Router, verifier: DocumentVerifier, perMinute: number): void {
  router.get(VERIFY_PATHS, refusalsAsPages, addressRateLimit(perMinute), async (ctx) => {
    const token = ctx.path.startsWith(VERIFY_PATH_PREFIX) ? ctx.path.slice(VERIFY_PATH_PREFIX.length) : '';
    const found = await verifier.find(token);
    const json = wantsJson(ctx);
    ctx.status = found === null ? 404 : 200;
    ctx.set(PAGE_HEADERS);
    if (json) ctx.body = found === null ? VERIFICATION_NOT_FOUND : presentVerification(found);
    else {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = found === null ? NOT_FOUND_PAGE : verificationPage(presentVerification(found));
    }
  });
}
