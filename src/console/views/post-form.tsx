import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { PageEnvContext } from './page-env';

/**
 * The only way a page writes a form that changes something: method POST and the request's `_csrf`
 * field, taken from the page's context so that no form can forget it. The field comes first: a
 * browser sends the fields in the form's order, and an upload is refused unless its first part is
 * the token (decision 68). `_page`, the page the form is on, is where signing in again leads if the
 * session has ended by the time the form is sent.
 */
export function PostForm({
  action,
  class: className,
  enctype,
  children,
}: {
  action: string;
  class?: string;
  /** multipart/form-data for a form that uploads files; its `_csrf` is checked by the same rule, before any file is read. */
  enctype?: 'multipart/form-data';
  children: ComponentChildren;
}) {
  const { csrfToken, page } = useContext(PageEnvContext);
  return (
    <form method="post" action={action} class={className} enctype={enctype}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {page !== undefined && <input type="hidden" name="_page" value={page} />}
      {children}
    </form>
  );
}
