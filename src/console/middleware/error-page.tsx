import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { errorStatus } from '../../domain/error-codes';
import { refusalOf, type Refusal } from '../../web/refusal';
import type { ConsoleContext, ConsoleState } from '../console-state';
import { errorMeaning } from '../error-meanings';
import { formPageOf } from '../form-page';
import { renderPage } from '../render';
import { SupportDetail } from '../views/form-echo';

/**
 * The page of a refusal: what it means in Spanish, the code and the service's own words in small
 * print for support, and for a POST a link back to the form's page.
 */
export function renderRefusal(ctx: ConsoleContext, { code, message }: Pick<Refusal, 'code' | 'message'>): void {
  const status = errorStatus(code);
  // Not found is one page whatever was missing: a company out of reach looks like no company.
  const notFound = status === 404;
  renderPage(ctx, {
    title: notFound ? 'Página no encontrada' : 'No se pudo completar',
    status,
    body: (
      <>
        <h1>{notFound ? 'Página no encontrada' : 'No se pudo completar'}</h1>
        <div class="error" role="alert">
          <p>{errorMeaning(notFound ? 'NOT_FOUND' : code, status)}</p>
          {!notFound && <SupportDetail code={code} message={message} />}
        </div>
        <p>
          {ctx.method === 'POST' && ctx.state.session && ctx.state.form ? (
            <a href={formPageOf(ctx)}>Volver al formulario</a>
          ) : (
            <a href="/">Volver al inicio</a>
          )}
        </p>
      </>
    ),
  });
}

/**
 * Inside the security headers: whatever a page throws becomes an error page with the code's
 * status. Unexpected errors are logged with their stack and shown as a generic 500. A request
 * refused before its body was all received (an upload without a session or with a wrong token,
 * one too large) is answered with `Connection: close`: Node then closes the connection after the
 * answer instead of reading the rest of the body to throw it away (decision 68).
 */
export function errorPage(logger: Logger): Middleware<ConsoleState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      let refusal = refusalOf(err);
      if (refusal === null) {
        logger.error({ err, path: ctx.path }, 'console: unexpected error');
        refusal = { code: 'INTERNAL_ERROR', message: 'unexpected error' };
      }
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      if (refusal.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(refusal.retryAfterSeconds));
      renderRefusal(ctx as ConsoleContext, refusal);
    }
  };
}
