import type { ComponentChildren } from 'preact';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { FormRefusal } from '../setup-change';
import { errorMeaning } from '../error-meanings';
import { setupReasonMeaning } from '../problem-meanings';
import { errorStatus } from '../../domain/error-codes';
import { PostForm } from './post-form';

/** What the fields of one setup form read: the values to show and the problems of a refusal of it. */
interface SetupFormState {
  id: string;
  values: Record<string, string>;
  problems: readonly string[];
}

const SetupFormContext = createContext<SetupFormState>({ id: '', values: {}, problems: [] });

/** The part of `<path>: <reason>` after the path, in Spanish. */
const reasonOf = (problem: string) => setupReasonMeaning(problem.slice(problem.indexOf(': ') + 2));

/** The problems of a refusal whose path ends at this setup field (`...caiRanges[0].rangeEnd` for rangeEnd). */
function problemsOf(problems: readonly string[], setupField: string): string[] {
  return problems.filter((p) => {
    const path = p.slice(0, p.indexOf(': '));
    return path === setupField || path.endsWith(`.${setupField}`);
  });
}

/**
 * A form that changes the company's setup: the refusal of `admin apply`'s rules, when this form
 * was the one refused, above it (a Spanish sentence, then each problem in Spanish, the rules' own
 * words and path in small print for support), the typed values back in its fields, and each
 * field's own problems beside it, in Spanish.
 * `defaults` are the stored values the form starts from.
 */
export function SetupForm({
  id,
  action,
  refusal,
  defaults,
  submit,
  children,
}: {
  id: string;
  action: string;
  /** The submit button's words. */
  submit: string;
  refusal: FormRefusal | undefined;
  defaults: Record<string, string>;
  children: ComponentChildren;
}) {
  const mine = refusal?.form === id ? refusal : undefined;
  const state: SetupFormState = { id, values: mine ? mine.values : defaults, problems: mine?.problems ?? [] };
  return (
    <SetupFormContext.Provider value={state}>
      {mine && (
        <div class="error" role="alert" id={`${id}-refusal`}>
          <p>
            {errorMeaning(mine.code, errorStatus(mine.code))} <small class="muted">({mine.code})</small>
          </p>
          <ul>
            {mine.problems.map((p) => (
              <li key={p}>
                {reasonOf(p)} <small class="muted">({p})</small>
              </li>
            ))}
          </ul>
        </div>
      )}
      <PostForm action={action} class="stack">
        {children}
        <button class="primary" type="submit">
          {submit}
        </button>
      </PostForm>
    </SetupFormContext.Provider>
  );
}

/** The problems of one field, beside it; the id its input names in aria-describedby. */
function FieldProblems({ inputId, setupField }: { inputId: string; setupField: string }) {
  const { problems } = useContext(SetupFormContext);
  const mine = problemsOf(problems, setupField);
  if (mine.length === 0) return null;
  return (
    <p class="field-problem" id={`${inputId}-problem`}>
      {mine.map(reasonOf).join(' ')}
    </p>
  );
}

function useField(name: string, setupField: string) {
  const { id, values, problems } = useContext(SetupFormContext);
  const inputId = `${id}-${name}`;
  const invalid = problemsOf(problems, setupField).length > 0;
  return {
    inputId,
    value: values[name] ?? '',
    aria: invalid ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${inputId}-problem` } : {},
  };
}

/**
 * A text field of a setup form. `setupField` is the setup file's name of what it sets (its
 * problems show beside it); by default the form field's own name.
 */
export function TextField({
  name,
  label,
  setupField = name,
  type = 'text',
  required,
  maxLength,
  inputMode,
}: {
  name: string;
  label: string;
  setupField?: string;
  type?: 'text' | 'date';
  required?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
}) {
  const { inputId, value, aria } = useField(name, setupField);
  return (
    <>
      <label for={inputId}>{label}</label>
      {type === 'date' ? (
        <input id={inputId} name={name} type="date" value={value} required={required} {...aria} />
      ) : (
        <input id={inputId} name={name} value={value} required={required} maxLength={maxLength} inputMode={inputMode} {...aria} />
      )}
      <FieldProblems inputId={inputId} setupField={setupField} />
    </>
  );
}

/** A choice among the given options ('' for "none", when `none` names it). */
export function SelectField({
  name,
  label,
  setupField = name,
  options,
  none,
}: {
  name: string;
  label: string;
  setupField?: string;
  options: Array<{ value: string; label: string }>;
  none?: string;
}) {
  const { inputId, value, aria } = useField(name, setupField);
  return (
    <>
      <label for={inputId}>{label}</label>
      <select id={inputId} name={name} {...aria}>
        {none !== undefined && <option value="">{none}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldProblems inputId={inputId} setupField={setupField} />
    </>
  );
}

/** A yes/no setting; the form's values hold 'on' for checked, as a browser posts it. */
export function CheckField({ name, label, setupField = name }: { name: string; label: string; setupField?: string }) {
  const { inputId, value, aria } = useField(name, setupField);
  return (
    <>
      <label class="choice" for={inputId}>
        <input id={inputId} name={name} type="checkbox" checked={value !== ''} {...aria} /> {label}
      </label>
      <FieldProblems inputId={inputId} setupField={setupField} />
    </>
  );
}

/** A panel of setup forms: its heading (which names the panel) and what it is for. */
export function SetupPanel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ComponentChildren }) {
  return (
    <section class="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro !== undefined && <p>{intro}</p>}
      {children}
    </section>
  );
}
