import { AppError } from '../../domain/app-error';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The Idempotency-Key header: required and non-empty, at most 255 characters (decision 14). */
export function parseIdempotencyKey(header: string | undefined): string {
  const key = (header ?? '').trim();
  if (key === '')
    throw new AppError('MISSING_IDEMPOTENCY_KEY', 'POST /v1/invoices needs an Idempotency-Key header (for example your order id).');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError('VALIDATION_FAILED', `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`);
  }
  return key;
}

const MAX_ID = 4_294_967_295;

/** An invoice id from the path; anything that cannot be an id is simply not found. */
export function parseInvoiceId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${raw} does not exist in this company.`);
  return id;
}
