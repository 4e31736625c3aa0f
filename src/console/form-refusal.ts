import { errorStatus } from '../domain/error-codes';
import { type Refusal, refusalOf } from '../web/refusal';
import { errorMeaning, refusalDetail } from './error-meanings';
import type { RefusedForm } from './views/form-echo';

/**
 * A form's fields as a refusal may name them, each with the Spanish sentence that says what it
 * takes: shown beside the field when the form is refused as invalid because of it.
 */
export type FieldSentences = Readonly<Record<string, string>>;

type RefusalText = Pick<Refusal, 'code' | 'message'>;

/** Places a refusal whose message does not start with its field's name; null: the form as a whole. */
export type FieldOfRefusal = (refusal: RefusalText) => string | null;

/** Refusals that are no fault of the form's data: the page of the refusal, not the form again. */
const NOT_THE_FORMS = new Set(['CSRF_TOKEN_INVALID', 'NOT_FOUND']);

/**
 * The field a refusal's message is about: the services name a field first, as the caller called it
 * (`reason must be 1 to 255 characters`, `amount: ...`); `extra` places the refusals that name it
 * otherwise (a note's `line 2: 1 left` is its returned quantity of line 2).
 */
function fieldOf(refusal: RefusalText, fields: FieldSentences, extra?: FieldOfRefusal): string | null {
  const { message } = refusal;
  const named = Object.keys(fields).find((name) => message.startsWith(name) && /^[\s:(]/.test(message.slice(name.length)));
  return named ?? extra?.(refusal) ?? null;
}

/**
 * What a refused POST shows on its form's page again (decision 89): the values typed, and the
 * refusal in Spanish by the field it concerns, from the one translation of a refusal (refusalOf,
 * the code's meaning). Null for what the form cannot fix (a token, a page out of reach, a failure
 * of the service): those are answered by the refusal page.
 */
export function formEchoOf(
  err: unknown,
  form: string,
  values: Record<string, string>,
  fields: FieldSentences,
  extra?: FieldOfRefusal,
): RefusedForm | null {
  const refusal = refusalOf(err);
  if (refusal === null || NOT_THE_FORMS.has(refusal.code)) return null;
  const status = errorStatus(refusal.code);
  if (status >= 500) return null;
  const field = fieldOf(refusal, fields, extra);
  const detail = refusalDetail(refusal.code, refusal.message);
  const sentence =
    refusal.code === 'VALIDATION_FAILED' && field !== null
      ? fields[field]
      : [errorMeaning(refusal.code, status), detail].filter(Boolean).join(' ');
  const { _csrf: _token, _page: _formPage, confirm: _confirm, ...typed } = values;
  return { form, values: typed, field, sentence, code: refusal.code, status };
}
