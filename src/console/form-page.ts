import type { ConsoleContext } from './console-state';

/** A path of this console only (never another site, never `//host`); otherwise the home page. */
export function consolePath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';
}

/**
 * The page that shows the form posting to `path`: a document's page for its annulment and notes,
 * the keys, clients or letterhead page for theirs, the company's page for the rest of a company's.
 */
function pageOfAction(path: string): string {
  const document = /^(\/companies\/[^/]+\/(?:invoices|notes)\/\d+)\//.exec(path);
  if (document) return document[1];
  const section = /^(\/companies\/[^/]+)\/(keys|clients|letterhead)(?:\/|$)/.exec(path);
  if (section) return `${section[1]}/${section[2]}`;
  return /^(\/companies\/[^/]+)\//.exec(path)?.[1] ?? '/';
}

/**
 * The page a form was on, for a POST that cannot be served there: the `_page` its form carries
 * (PostForm writes it), else the page the browser says it came from (same origin only), else the
 * page that shows the form posting to this path.
 */
export function formPageOf(ctx: ConsoleContext): string {
  if (ctx.state.form._page !== undefined) return consolePath(ctx.state.form._page);
  const referer = ctx.get('Referer');
  try {
    const url = new URL(referer);
    if (url.host === ctx.host) return consolePath(`${url.pathname}${url.search}`);
  } catch {
    // No Referer, or not a URL: the page is found from the path.
  }
  return pageOfAction(ctx.path);
}
