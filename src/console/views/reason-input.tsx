import { SHORT_TEXT_MAX } from '../../domain/operator-arguments';
import { FieldProblem, useRefused, useTyped } from './form-echo';

/**
 * The reason (Motivo) a change asks for: an annulment, a note, a CAI cancellation. Required, and
 * at most as long as the server accepts and the column keeps, so the browser says so before a
 * round trip; the server checks it again (parseReason). When form `form` comes back refused, the
 * reason typed, and the refusal beside it when it concerns the reason.
 */
export function ReasonInput({ id, label, form }: { id: string; label: string; form: string }) {
  const typed = useTyped(form);
  const refused = useRefused(form);
  return (
    <>
      <label for={id}>{label}</label>
      <FieldProblem form={form} name="reason" />
      <input id={id} name="reason" value={typed('reason') || undefined} maxLength={SHORT_TEXT_MAX} required {...refused('reason')} />
    </>
  );
}

/**
 * The end of a form for a change that cannot be undone (an annulment, a CAI cancellation): its
 * reason, and the submit button marked as dangerous.
 */
export function IrreversibleSubmit({ id, label, submit, form }: { id: string; label: string; submit: string; form: string }) {
  return (
    <>
      <ReasonInput id={id} label={label} form={form} />
      <button class="danger" type="submit">
        {submit}
      </button>
    </>
  );
}
