import { SHORT_TEXT_MAX } from '../../domain/operator-arguments';

/**
 * The reason (Motivo) a change asks for: an annulment, a note, a CAI cancellation. Required, and
 * at most as long as the server accepts and the column keeps, so the browser says so before a
 * round trip; the server checks it again (parseReason).
 */
export function ReasonInput({ id, label }: { id: string; label: string }) {
  return (
    <>
      <label for={id}>{label}</label>
      <input id={id} name="reason" maxLength={SHORT_TEXT_MAX} required />
    </>
  );
}

/**
 * The end of a form for a change that cannot be undone (an annulment, a CAI cancellation): its
 * reason, and the submit button marked as dangerous.
 */
export function IrreversibleSubmit({ id, label, submit }: { id: string; label: string; submit: string }) {
  return (
    <>
      <ReasonInput id={id} label={label} />
      <button class="danger" type="submit">
        {submit}
      </button>
    </>
  );
}
