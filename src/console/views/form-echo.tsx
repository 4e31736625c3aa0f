import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ErrorCode } from '../../domain/error-codes';

/**
 * A refused form as its page shows it again: which of the page's forms, what was typed, and the
 * refusal in Spanish beside the field it concerns (null: the form as a whole), with the code for
 * support. Built by `formEchoOf` (form-refusal.ts) from what a POST threw.
 */
export interface FormEcho {
  /** The refused form, as its page names it ('annul', 'credit' ...). */
  form: string;
  values: Record<string, string>;
  field: string | null;
  sentence: string;
  code: ErrorCode;
}

/** A refused form with the status its page answers with (the code's: 400, 404, 409 ...). */
export type RefusedForm = FormEcho & { status: number };

/** The refused form of the page being rendered, if any; a page's forms read it to fill their fields. */
export const FormEchoContext = createContext<FormEcho | null>(null);

/** What the operator typed in `name` of form `form`, when that form is the one refused ('' otherwise). */
export function useTyped(form: string): (name: string) => string {
  const echo = useContext(FormEchoContext);
  return (name) => (echo?.form === form ? (echo.values[name] ?? '') : '');
}

/** The id of a field's refusal sentence, for the field's aria-describedby. */
export function problemId(form: string, name: string): string {
  return `${form}-${name}-problema`;
}

/** Whether form `form`'s field `name` is the one refused: its input is marked aria-invalid and described by the sentence. */
export function useRefused(form: string): (name: string) => { 'aria-invalid'?: 'true'; 'aria-describedby'?: string } {
  const echo = useContext(FormEchoContext);
  return (name) =>
    echo?.form === form && echo.field === name ? { 'aria-invalid': 'true', 'aria-describedby': problemId(form, name) } : {};
}

/**
 * The small print under a refusal's Spanish sentence, for support: its code and the service's own
 * words, unless those name a command-line option (`--certificate`), which means nothing here.
 */
export function SupportDetail({ code, message }: { code: ErrorCode; message?: string }) {
  const detail = message !== undefined && !/(^|[\s"'(])--[a-z]/.test(message) ? message : undefined;
  return (
    <p>
      <small class="muted">
        Para soporte: <code>{code}</code>
        {detail !== undefined && <> · {detail}</>}
      </small>
    </p>
  );
}

function Sentence({ echo }: { echo: FormEcho }) {
  return (
    <>
      {echo.sentence} <small class="muted">({echo.code})</small>
    </>
  );
}

/** The sentence beside a field, when its form was refused for it. */
export function FieldProblem({ form, name }: { form: string; name: string }) {
  const echo = useContext(FormEchoContext);
  if (echo?.form !== form || echo.field !== name) return null;
  return (
    <p class="field-problem" id={problemId(form, name)}>
      <Sentence echo={echo} />
    </p>
  );
}

/**
 * At the head of a refused form: the refusal, announced, and for a field, a link to it (the field
 * carries the sentence too). `fieldIds`, when given, are the ids of the fields the form shows: a
 * refusal of a part it does not show (a page number in the address) gets no link.
 */
export function FormProblem({ form, fieldIds }: { form?: string; fieldIds?: Record<string, string> }) {
  const echo = useContext(FormEchoContext);
  // Without `form`: whichever form was refused (a page that no longer offers it still says why).
  if (!echo || (form !== undefined && echo.form !== form)) return null;
  const target =
    echo.field === null || form === undefined ? undefined : fieldIds === undefined ? `${form}-${echo.field}` : fieldIds[echo.field];
  return (
    <div class="error" role="alert" tabIndex={-1}>
      <p>
        <strong>No se hizo nada:</strong> <Sentence echo={echo} />
      </p>
      {target && (
        <p>
          <a href={`#${target}`}>Ir al campo que corregir</a>
        </p>
      )}
    </div>
  );
}
