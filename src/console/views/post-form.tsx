import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { PageEnvContext } from './page-env';

/**
 * The only way a page writes a form that changes something: method POST and the request's `_csrf`
 * field, taken from the page's context so that no form can forget it.
 */
export function PostForm({
  action,
  class: className,
  enctype,
  children,
}: {
  action: string;
  class?: string;
  /** multipart/form-data for a form that uploads files; the guard checks its `_csrf` the same way. */
  enctype?: 'multipart/form-data';
  children: ComponentChildren;
}) {
  const { csrfToken } = useContext(PageEnvContext);
  return (
    <form method="post" action={action} class={className} enctype={enctype}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {children}
    </form>
  );
}
