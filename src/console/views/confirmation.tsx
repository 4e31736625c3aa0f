import type { ComponentChildren } from 'preact';
import type { ConsoleContext } from '../console-state';
import { renderPage } from '../render';
import { PostForm } from './post-form';

/** The field a confirmation page adds to the request it repeats: only a POST carrying it acts. */
const CONFIRM_FIELD = 'confirm';

/** Whether this POST is the one a confirmation page sent (`confirm=1`), the only one that may act. */
export function isConfirmed(ctx: ConsoleContext): boolean {
  return ctx.state.form[CONFIRM_FIELD] === '1';
}

export interface Confirmation {
  /** The page's title and heading: the action as a question ("¿Eliminar el cliente …?"). */
  title: string;
  /** What will happen, in the operator's words: what changes, what stays, whether it can be undone. */
  consequences: ComponentChildren;
  /** The confirming button's words ("Sí, eliminar el cliente"). */
  confirmLabel: string;
  /** Where "No, volver" leads: the page the action's form was on. */
  backHref: string;
}

/**
 * The console's answer to an irreversible action's first POST: 200 with a page that says what
 * will happen and a form repeating the request to the same path, with the fields the operator
 * sent and `confirm=1` (PostForm adds the session's `_csrf`). Nothing has changed yet; no script
 * is needed, and Back leaves nothing done.
 */
export function renderConfirmation(ctx: ConsoleContext, { title, consequences, confirmLabel, backHref }: Confirmation): void {
  const repeated = Object.entries(ctx.state.form).filter(([name]) => name !== '_csrf' && name !== CONFIRM_FIELD);
  renderPage(ctx, {
    title,
    body: (
      <>
        <h1>{title}</h1>
        <div class="notice">{consequences}</div>
        <PostForm action={ctx.path}>
          {repeated.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRM_FIELD} value="1" />
          <button class="danger" type="submit">
            {confirmLabel}
          </button>{' '}
          <a href={backHref}>No, volver sin cambiar nada</a>
        </PostForm>
      </>
    ),
  });
}
