import type { VNode } from 'preact';
import { htmlDocument } from '../views/html-document';
import type { ConsoleContext } from './console-state';
import { FormEchoContext, type RefusedForm } from './views/form-echo';
import { Layout } from './views/layout';
import { PageEnv, PageEnvContext } from './views/page-env';

export interface PageContent {
  title: string;
  body: VNode;
  status?: number;
  /** The page's refused form, if any: its fields show what was typed and why it was refused, and the page answers with its status. */
  echo?: RefusedForm;
  /** Another `_csrf` than the session's (the login page's pre-session token). */
  csrfToken?: string;
}

/**
 * Answers a whole HTML page: the layout around `body`, with the request's operator and token in
 * context, rendered as every server-rendered page is (`htmlDocument`, which escapes what callers stored).
 */
export function renderPage(ctx: ConsoleContext, { title, body, echo, status = echo?.status ?? 200, csrfToken }: PageContent): void {
  const env: PageEnv = {
    operator: ctx.state.session?.operator ?? null,
    csrfToken: csrfToken ?? ctx.state.session?.csrfToken ?? '',
    // A page answering a POST (a refused form, a confirmation) is still the page its form came from;
    // a GET refused is no page to come back to (and a 404 must read the same whatever was asked).
    page: ctx.method !== 'GET' ? ctx.state.form._page : status < 400 ? ctx.originalUrl : undefined,
  };
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = htmlDocument(
    <PageEnvContext.Provider value={env}>
      <Layout title={title}>
        <FormEchoContext.Provider value={echo ?? null}>{body}</FormEchoContext.Provider>
      </Layout>
    </PageEnvContext.Provider>,
  );
}
