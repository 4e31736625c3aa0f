import { AppError } from '../domain/app-error';
import type { ErrorCode } from '../domain/error-codes';
import {
  type NoteRequest,
  parseKey,
  parseQuantity,
  creditNoteRequest,
  debitNoteRequest,
  noteCommonOf,
  type NoteCommon,
  type NoteFieldNames,
  type WrittenCredit,
} from '../services/sales';

import type { FieldSentences } from './form-refusal';

type Form = Record<string, string>;

/** A refusal names the form field, as the page posts it: the page shows the refusal beside that field. */
const FIELD_NAMES: NoteFieldNames = {
  reason: 'reason',
  emissionPoint: 'emissionPoint',
  discount: 'discount',
  description: 'description',
  amount: 'amount',
  quantity: 'quantity',
  rate: 'rate',
};

/** The form field of an invoice line's returned quantity. */
export function returnField(position: number): string {
  return `return_${position}`;
}

const field = (form: Form, name: string) => (form[name] ?? '').trim();

/** A field left empty is one not given. */
const given = (form: Form, name: string) => field(form, name) || undefined;

/** What both note forms carry: the reason, another emission point (optional), the form's key. */
export function noteCommon(form: Form, invoiceId: number): { common: NoteCommon; key: string } {
  return {
    common: noteCommonOf(invoiceId, { reason: form.reason ?? '', emissionPoint: given(form, 'emissionPoint') }, FIELD_NAMES),
    key: parseKey(field(form, 'key'), 'key'),
  };
}

/** What the form's `kind` chose: a quantity per returned line, a discount (amount and rate), or all that is left. */
function writtenCredit(form: Form, lineCount: number): WrittenCredit {
  const kind = field(form, 'kind');
  if (kind === 'return') {
    const returns = [];
    for (let position = 1; position <= lineCount; position++) {
      const quantity = field(form, returnField(position));
      if (quantity !== '') returns.push({ position, quantity: parseQuantity(quantity, returnField(position)) });
    }
    if (returns.length === 0)
      throw new AppError('VALIDATION_FAILED', `${returnField(1)}: a return needs the quantity returned of at least one line`);
    return { kind, returns };
  }
  if (kind === 'discount') return { kind, amount: field(form, 'discount'), rate: field(form, 'rate') };
  if (kind === 'full') return { kind };
  throw new AppError('VALIDATION_FAILED', 'kind: choose what the credit note credits: returned goods, a discount or all that is left');
}

/** A credit note as the form asks for it: the CLI's --return, --discount --rate and --full. */
export function creditRequestOf(form: Form, common: NoteCommon, lineCount: number, rates: readonly string[]): NoteRequest {
  return creditNoteRequest(common, writtenCredit(form, lineCount), rates, FIELD_NAMES);
}

/** A debit note as the form asks for it: the CLI's --description, --amount, --rate and --quantity (default 1). */
export function debitRequestOf(form: Form, common: NoteCommon, rates: readonly string[]): NoteRequest {
  const written = {
    description: form.description ?? '',
    amount: field(form, 'amount'),
    quantity: given(form, 'quantity'),
    rate: field(form, 'rate'),
  };
  return debitNoteRequest(common, written, rates, FIELD_NAMES);
}

const QUANTITY_SENTENCE = 'Escriba una cantidad mayor que cero, con a lo sumo cuatro decimales (por ejemplo 2 o 1.5).';
const AMOUNT_SENTENCE =
  'Escriba un monto mayor que cero, con a lo sumo dos decimales, como lo muestra la consola (1500, 1,500.00 o L 1,500.00).';

/** What each field of the note forms takes, in the operator's words: shown beside it when a note is refused for it. */
export function noteFieldSentences(lineCount: number): FieldSentences {
  const returns = Object.fromEntries(
    Array.from({ length: lineCount }, (_, i) => [
      returnField(i + 1),
      'Escriba la cantidad devuelta en al menos una línea: mayor que cero, con a lo sumo cuatro decimales y sin pasar de lo que queda de la línea.',
    ]),
  );
  return {
    reason: 'Escriba el motivo de la nota: de 1 a 255 caracteres.',
    emissionPoint: 'Escriba el punto de emisión como EEE-PPP (por ejemplo 000-002), o déjelo vacío para usar el de la factura.',
    kind: 'Elija qué acredita la nota: una devolución, un descuento o todo lo que queda de la factura.',
    discount: AMOUNT_SENTENCE,
    amount: AMOUNT_SENTENCE,
    quantity: QUANTITY_SENTENCE,
    rate: 'Elija una de las tasas de ISV de la lista.',
    description: 'Escriba la descripción del cargo: de 1 a 255 caracteres.',
    key: 'El formulario llegó incompleto: vuelva a cargar la página de la factura e intente de nuevo.',
    ...returns,
  };
}

/**
 * The field of a note's refusal that does not start with it: what is left of a line is that line's
 * returned quantity; what is left of a rate, the exempt, exonerated or total amount, the discount;
 * an emission point the company does not have, the emission point.
 */
export function noteRefusalField({ code, message }: { code: ErrorCode; message: string }): string | null {
  if (code === 'EMISSION_POINT_NOT_FOUND') return 'emissionPoint';
  const line = /^line (\d+):/.exec(message);
  if (line) return returnField(Number(line[1]));
  return /^(rate [\d.]+%?|exempt|exonerated|total): /.test(message) ? 'discount' : null;
}
