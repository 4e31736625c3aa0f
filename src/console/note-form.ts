import { AppError } from '../domain/app-error';
import type { CreditRequest } from '../domain/notes/credit-note';
import type { NoteRequest } from '../services/notes/note-request';
import {
  parseAmount,
  parseDescription,
  parseEmissionPoint,
  parseKey,
  parseQuantity,
  parseRate,
} from '../services/operator-input/note-arguments';
import { parseReason } from '../services/operator-input/operator-arguments';

type Form = Record<string, string>;
type Common = Pick<NoteRequest, 'invoiceId' | 'reason' | 'emissionPoint'>;

/** The form field of an invoice line's returned quantity. */
export function returnField(position: number): string {
  return `return_${position}`;
}

const field = (form: Form, name: string) => (form[name] ?? '').trim();

/** What both note forms carry: the reason, another emission point (optional), the form's key. */
export function noteCommon(form: Form, invoiceId: number): { common: Common; key: string } {
  const point = field(form, 'emissionPoint');
  return {
    common: {
      invoiceId,
      reason: parseReason(form.reason ?? '', 'reason (Motivo)'),
      emissionPoint: point === '' ? null : parseEmissionPoint(point),
    },
    key: parseKey(field(form, 'key')),
  };
}

/**
 * A credit note as the form asks for it: `kind` return (a quantity per returned line), discount
 * (amount and rate) or full, the CLI's --return, --discount --rate and --full.
 */
export function creditRequestOf(form: Form, common: Common, lineCount: number, rates: readonly string[]): NoteRequest {
  const kind = field(form, 'kind');
  let credit: CreditRequest;
  if (kind === 'return') {
    const returns = [];
    for (let position = 1; position <= lineCount; position++) {
      const quantity = field(form, returnField(position));
      if (quantity !== '') returns.push({ position, quantity: parseQuantity(quantity, `returned quantity of line ${position}`) });
    }
    if (returns.length === 0) throw new AppError('VALIDATION_FAILED', 'a return needs the quantity returned of at least one line');
    credit = { kind: 'return', returns };
  } else if (kind === 'discount') {
    credit = {
      kind: 'discount',
      amount: parseAmount(field(form, 'discount'), 'discount'),
      rate: parseRate(field(form, 'rate'), rates, 'rate'),
    };
  } else if (kind === 'full') {
    credit = { kind: 'full' };
  } else {
    throw new AppError('VALIDATION_FAILED', 'choose what the credit note credits: returned goods, a discount or all that is left');
  }
  return { ...common, type: 'creditNote', credit };
}

/** A debit note as the form asks for it: the CLI's --description, --amount, --rate and --quantity (default 1). */
export function debitRequestOf(form: Form, common: Common, rates: readonly string[]): NoteRequest {
  const quantity = field(form, 'quantity');
  return {
    ...common,
    type: 'debitNote',
    debit: {
      description: parseDescription(form.description ?? '', 'description'),
      unitPrice: parseAmount(field(form, 'amount'), 'amount'),
      quantity: parseQuantity(quantity === '' ? '1' : quantity, 'quantity'),
      rate: parseRate(field(form, 'rate'), rates, 'rate'),
    },
  };
}
