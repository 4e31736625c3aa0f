import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { PageEnvContext } from './page-env';

/**
 * The only way a page writes a form that changes something: method POST and the request's `_csrf`
 * field, taken from the page's context so that no form can forget it.
 */
export function PostForm({ action, class: className, children }: { action: string; class?: string; children: ComponentChildren }) {
  const { csrfToken } = useContext(PageEnvContext);
  return (
    <form method="post" action={action} class={className}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {children}
    </form>
  );
}
