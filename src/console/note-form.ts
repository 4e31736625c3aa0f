import { AppError } from '../domain/app-error';
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

type Form = Record<string, string>;

/** A refusal names the form field, as the page posts it. */
const FIELD_NAMES: NoteFieldNames = {
  reason: 'reason (Motivo)',
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
      if (quantity !== '') returns.push({ position, quantity: parseQuantity(quantity, `returned quantity of line ${position}`) });
    }
    if (returns.length === 0) throw new AppError('VALIDATION_FAILED', 'a return needs the quantity returned of at least one line');
    return { kind, returns };
  }
  if (kind === 'discount') return { kind, amount: field(form, 'discount'), rate: field(form, 'rate') };
  if (kind === 'full') return { kind };
  throw new AppError('VALIDATION_FAILED', 'choose what the credit note credits: returned goods, a discount or all that is left');
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
