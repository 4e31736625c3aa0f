import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * The one way a server-rendered page becomes HTML (decision 55), for the console and the API's
 * public pages alike: preact-render-to-string escapes every text and attribute value, so a name
 * a caller stored is shown as text and can never become markup. Here rather than in an adapter,
 * which may not import another adapter's files.
 */
export function htmlDocument(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}
