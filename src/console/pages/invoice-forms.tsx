import { randomUUID } from 'node:crypto';
import type { ComponentChildren } from 'preact';
import type { InvoiceView } from '../../services/sales';
import type { VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { FieldSentences } from '../form-refusal';
import { returnField } from '../note-form';
import { FieldProblem, FormProblem, useRefused, useTyped } from '../views/form-echo';
import { PostForm } from '../views/post-form';

/** The two notes an invoice takes, as their forms and POST paths (`.../credit-notes`, `.../debit-notes`) name them. */
export const NOTE_TYPES = ['credit', 'debit'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** The annulment form's one field, and what it takes. */
export const ANNUL_FIELDS: FieldSentences = { reason: 'Escriba el motivo de la anulación: de 1 a 255 caracteres.' };

/** A field's id: its form's name and its own, so that a refusal can link to it. */
const fieldId = (form: string, name: string) => `${form}-${name}`;

function RateOptions({ rates, form }: { rates: readonly string[]; form: NoteType }) {
  const typed = useTyped(form);
  const refused = useRefused(form);
  const chosen = typed('rate');
  return (
    <select id={fieldId(form, 'rate')} name="rate" required {...refused('rate')}>
      {rates
        .filter((r) => Number(r) > 0)
        .map((r) => (
          <option key={r} value={r} selected={chosen === r}>
            {`${r} %`}
          </option>
        ))}
      <option value="exempt" selected={chosen === 'exempt'}>
        exento
      </option>
    </select>
  );
}

/** A text field of a note or annulment form: its label, what was typed if the form came back, the refusal beside it. */
function TextField({
  form,
  name,
  label,
  required,
  decimal,
  maxLength,
  pattern,
  placeholder,
}: {
  form: string;
  name: string;
  label: string;
  required?: boolean;
  decimal?: boolean;
  maxLength?: number;
  pattern?: string;
  placeholder?: string;
}) {
  const typed = useTyped(form);
  const refused = useRefused(form);
  return (
    <>
      <label for={fieldId(form, name)}>{label}</label>
      <FieldProblem form={form} name={name} />
      <input
        id={fieldId(form, name)}
        name={name}
        value={typed(name) || undefined}
        required={required}
        inputMode={decimal ? 'decimal' : undefined}
        maxLength={maxLength}
        pattern={pattern}
        placeholder={placeholder}
        {...refused(name)}
      />
    </>
  );
}

/**
 * A note's form: the fields of its kind, then what every note carries (the reason, another emission
 * point, and the form's own key, so a second submission answers the note already issued).
 */
function NoteForm({
  type,
  invoicePath,
  heading,
  submit,
  children,
}: {
  type: NoteType;
  invoicePath: string;
  heading: string;
  submit: string;
  children: ComponentChildren;
}) {
  const typed = useTyped(type);
  const id = type === 'credit' ? 'credito' : 'debito';
  return (
    <section class="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <FormProblem form={type} />
      <PostForm action={`${invoicePath}/${type}-notes`} class="stack">
        {children}
        <TextField form={type} name="reason" label="Motivo (obligatorio)" maxLength={255} required />
        <TextField
          form={type}
          name="emissionPoint"
          label="Punto de emisión (EEE-PPP; vacío: el de la factura)"
          pattern="\d{3}-\d{3}"
          placeholder="000-001"
        />
        <input type="hidden" name="key" value={typed('key') || randomUUID()} />
        <button class="primary" type="submit">
          {submit}
        </button>
      </PostForm>
    </section>
  );
}

function CreditChoices() {
  const typed = useTyped('credit');
  const kind = typed('kind');
  const choices = [
    ['return', 'Devolución de mercadería (cantidades por línea)'],
    ['discount', 'Descuento posterior a la venta'],
    ['full', 'Todo lo que queda de la factura'],
  ] as const;
  return (
    <fieldset id={fieldId('credit', 'kind')}>
      <legend>Qué acredita</legend>
      <FieldProblem form="credit" name="kind" />
      {choices.map(([value, label], i) => (
        <label class="choice" key={value}>
          <input type="radio" name="kind" value={value} required={i === 0} checked={kind === value} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The note forms and the annulment of an invoice that is still VIGENTE; a refused one comes back filled in. */
export function InvoiceActions({ company, invoice, rates }: { company: VisibleCompany; invoice: InvoiceView; rates: readonly string[] }) {
  const base = companyPath(company.code, 'invoices', invoice.id);
  if (invoice.isAnnulled)
    return (
      <>
        {/* A form sent before the annulment (another tab) still says why it was refused. */}
        {(['annul', ...NOTE_TYPES] as const).map((form) => (
          <FormProblem key={form} form={form} />
        ))}
        <p>La factura está anulada: no admite notas.</p>
      </>
    );
  return (
    <>
      <NoteForm type="credit" invoicePath={base} heading="Emitir una nota de crédito" submit="Emitir nota de crédito">
        <CreditChoices />
        <fieldset>
          <legend>Devolución: cantidad devuelta por línea</legend>
          {invoice.lines.map((line, i) => (
            <div key={i}>
              <TextField
                form="credit"
                name={returnField(i + 1)}
                label={`Línea ${i + 1}: ${line.description} (vendidas ${Number(line.quantity)})`}
                decimal
              />
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Descuento</legend>
          <TextField form="credit" name="discount" label="Monto del descuento (base, lempiras)" decimal />
          <label for={fieldId('credit', 'rate')}>Tasa de ISV</label>
          <FieldProblem form="credit" name="rate" />
          <RateOptions rates={rates} form="credit" />
        </fieldset>
      </NoteForm>
      <NoteForm type="debit" invoicePath={base} heading="Emitir una nota de débito" submit="Emitir nota de débito">
        <TextField form="debit" name="description" label="Descripción del cargo" maxLength={255} required />
        <TextField form="debit" name="amount" label="Precio unitario (lempiras)" decimal required />
        <TextField form="debit" name="quantity" label="Cantidad (vacío: 1)" decimal />
        <label for={fieldId('debit', 'rate')}>Tasa de ISV</label>
        <FieldProblem form="debit" name="rate" />
        <RateOptions rates={rates} form="debit" />
      </NoteForm>
      <section class="panel" aria-labelledby="anular">
        <h2 id="anular">Anular la factura</h2>
        <p>Solo para una factura emitida con errores (Art. 41); una venta que el cliente ya tiene se revierte con una nota de crédito.</p>
        <FormProblem form="annul" />
        <PostForm action={`${base}/annul`} class="stack">
          <TextField form="annul" name="reason" label="Motivo de la anulación (obligatorio)" maxLength={255} required />
          <button class="danger" type="submit">
            Anular factura
          </button>
        </PostForm>
      </section>
    </>
  );
}
