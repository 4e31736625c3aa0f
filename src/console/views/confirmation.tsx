import type { ComponentChildren } from 'preact';
import type { ConsoleContext } from '../console-state';
import { renderPage } from '../render';
import { PostForm } from './post-form';

/** The field that marks the second POST of an irreversible action: the one that acts. */
export const CONFIRM_FIELD = 'confirm';

/** Fields the confirmation does not repeat as they came: those PostForm writes (the token, the form's page) and the mark itself. */
const NOT_REPEATED = new Set(['_csrf', '_page', CONFIRM_FIELD]);

/**
 * Whether this POST is the confirmed one (`confirm=1`). An irreversible action's handler checks its
 * input, then, unless this is true, answers `renderConfirmation` and changes nothing.
 */
export function isConfirmed(ctx: ConsoleContext): boolean {
  return (ctx.state.form[CONFIRM_FIELD] ?? '').trim() === '1';
}

export interface ConfirmationPage {
  /** The page's title and heading, a question: "¿Anular la factura 000-001-01-00000001?". */
  title: string;
  /** What will happen, in the operator's words, and anything they should see first. */
  children: ComponentChildren;
  /** The confirming button's words ("Sí, anular la factura"). */
  submit: string;
  /** Where "no" goes back to: the page the form was on. */
  back: string;
  /** The reason (Motivo) the action will record, shown after what will happen. */
  reason?: string;
}

/**
 * Answers the first POST of an irreversible action (200): what will happen, then one form that
 * repeats the request as it came (every field, to the same path) with `confirm=1` and the
 * session's token, and a way back. Plain HTML: no script is needed to confirm or to go back.
 */
export function renderConfirmation(ctx: ConsoleContext, { title, children, submit, back, reason }: ConfirmationPage): void {
  const repeated = Object.entries(ctx.state.form).filter(([name]) => !NOT_REPEATED.has(name));
  renderPage(ctx, {
    title,
    body: (
      <section class="panel confirmation" aria-labelledby="confirmar">
        <h1 id="confirmar">{title}</h1>
        {children}
        {reason !== undefined && (
          <dl class="facts">
            <dt>Motivo</dt>
            <dd>{reason}</dd>
          </dl>
        )}
        <PostForm action={ctx.path} class="stack">
          {repeated.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRM_FIELD} value="1" />
          <button class="danger" type="submit">
            {submit}
          </button>
        </PostForm>
        <p>
          <a href={back}>No, volver sin cambiar nada</a>
        </p>
      </section>
    ),
  });
}
