import type Big from 'big.js';
import * as yup from 'yup';
import { AppError } from '../../domain/app-error';
import {
  BUYER_ID_TYPES,
  type BuyerIdType,
  buyerIdNumberRule,
  isBuyerIdNumber,
  MAX_BUYER_NAME_LENGTH,
  type SaleBuyer,
} from '../../domain/buyer-identity';
import { hondurasDate } from '../../domain/calendar-date';
import { DecimalRule, decimalProblem, parseDecimal } from '../../domain/decimal-rule';
import { DECIMAL_COLUMNS } from '../../domain/decimal-columns';
import type { InvoiceRequest } from '../../services/sales';
import { REQUEST_LIMITS } from '../body/request-limits';
import { strictObject, validate } from './validate';

/** Lines per invoice: the array limit every body is read under, which keeps one request's work and PDF bounded. */
const MAX_ITEMS = REQUEST_LIMITS.maxArrayLength;
// Quantities and unit prices are stored in DECIMAL(18,4) columns: more decimals would be lost.
const QUANTITY: DecimalRule = { scale: DECIMAL_COLUMNS.amount.scale, greaterThan: 0, atMost: 1_000_000 };
const PRICE: DecimalRule = { scale: DECIMAL_COLUMNS.amount.scale, atLeast: 0, atMost: '999999999.9999' };
/** No. correlativo de la Orden de Compra Exenta, as the invoices table keeps it. */
const MAX_EXEMPT_PURCHASE_ORDER_LENGTH = 64;

const itemSchema = strictObject({
  externalProductId: yup.string().nullable().optional().max(255),
  quantity: yup.number().defined('${path} is required').nonNullable('${path} must be a number'),
  price: yup.number().optional().nonNullable('${path} must be a number'),
});

/** A final consumer named and identified without a registered client (decision 70). */
const buyerSchema = strictObject({
  // Checked on the trimmed text, which is what is stored and printed.
  name: yup
    .string()
    .defined('${path} is required')
    .nonNullable('${path} must be a string')
    .test(
      'trimmed-length',
      `\${path} must be 1 to ${MAX_BUYER_NAME_LENGTH} characters (after trimming)`,
      (v) => v === undefined || (v.trim().length >= 1 && v.trim().length <= MAX_BUYER_NAME_LENGTH),
    ),
  idType: yup
    .string()
    .defined('${path} is required')
    .nonNullable('${path} must be a string')
    .oneOf([...BUYER_ID_TYPES], `\${path} must be one of ${BUYER_ID_TYPES.join(', ')}`),
  idNumber: yup.string().defined('${path} is required').nonNullable('${path} must be a string'),
})
  .nullable()
  .optional()
  .default(undefined);

const requestSchema = strictObject({
  items: yup.array().of(itemSchema).defined('items is required').nonNullable('items must be an array').max(MAX_ITEMS),
  clientId: yup.number().integer().min(1).nullable().optional(),
  buyer: buyerSchema,
  invoiceDate: yup.string().nullable().optional(),
  purchaseOrderNumber: yup.string().nullable().optional().max(255),
  // Checked on the trimmed text, which is what is stored and printed (strict mode never transforms).
  exemptPurchaseOrderNumber: yup
    .string()
    .nullable()
    .optional()
    .test('not-blank', '${path} must not be empty or blank', (v) => v === null || v === undefined || v.trim() !== '')
    .test(
      'max-trimmed',
      `\${path} must be at most ${MAX_EXEMPT_PURCHASE_ORDER_LENGTH} characters (after trimming)`,
      (v) => v === null || v === undefined || v.trim().length <= MAX_EXEMPT_PURCHASE_ORDER_LENGTH,
    ),
  // The API's name for a sale on credit terms (paid later), which v1 does not take. It has nothing
  // to do with credit notes (notas de crédito), which are the operator's documents.
  isCredit: yup.boolean().nullable().optional(),
});

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The body of POST /v1/invoices and /v1/invoices/preview, checked in this order: shape and types
 * (VALIDATION_FAILED), the buyer's identity document (INVALID_RTN_FORMAT for an RTN) and a buyer beside a
 * clientId (INVALID_REQUEST), isCredit: a sale on credit terms (422), empty items, request numbers (INVALID_NUMBER,
 * decision 3), the invoice date (today in Honduras only, decision 11), product references.
 */
export function parseInvoiceRequest(body: unknown, now = new Date()): InvoiceRequest {
  const input = validate(requestSchema.required('body is required'), body);
  const buyer = input.buyer ? parseBuyer(input.buyer) : null;
  if (buyer !== null && input.clientId !== null && input.clientId !== undefined) {
    throw new AppError('INVALID_REQUEST', 'Send clientId or buyer, not both: a sale has one buyer.');
  }
  if (input.isCredit === true) {
    throw new AppError('EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED', 'Credit invoices (isCredit true) are not supported in v1.');
  }
  if (input.items.length === 0) throw new AppError('EXTERNAL_INVOICE_NO_ITEMS', 'items must contain at least one line.');
  const items = input.items.map((item, i) => ({
    externalProductId: item.externalProductId ?? '',
    quantity: checkedNumber(`items[${i}].quantity`, item.quantity, QUANTITY),
    price: item.price === undefined ? null : checkedNumber(`items[${i}].price`, item.price, PRICE),
  }));
  const invoiceDate = parseInvoiceDate(input.invoiceDate ?? null, now);
  items.forEach((item, i) => {
    if (item.externalProductId.trim() === '') {
      throw new AppError('ITEM_MISSING_PRODUCT_REFERENCE', `items[${i}] references no product (externalProductId is missing or empty).`);
    }
  });
  return {
    items,
    clientId: input.clientId ?? null,
    buyer,
    invoiceDate,
    purchaseOrderNumber: input.purchaseOrderNumber ?? null,
    exemptPurchaseOrderNumber: input.exemptPurchaseOrderNumber?.trim() ?? null,
  };
}

/** The buyer as stored and printed: the name trimmed, the number checked against its type. */
function parseBuyer(input: { name: string; idType: string; idNumber: string }): SaleBuyer {
  const idType = input.idType as BuyerIdType;
  if (!isBuyerIdNumber(idType, input.idNumber)) {
    throw new AppError(
      idType === 'RTN' ? 'INVALID_RTN_FORMAT' : 'VALIDATION_FAILED',
      `buyer.idNumber must be ${buyerIdNumberRule(idType)} for idType ${idType}.`,
    );
  }
  return { name: input.name.trim(), idType, idNumber: input.idNumber };
}

function checkedNumber(path: string, value: number, rule: DecimalRule): Big {
  const n = parseDecimal(value);
  if (n === null) throw new AppError('INVALID_NUMBER', `${path} must be a finite number.`);
  const problem = decimalProblem(n, rule);
  if (problem !== null) throw new AppError('INVALID_NUMBER', `${path} ${problem}.`);
  return n;
}

/** Defaults to now; otherwise the instant sent, which must fall on today's Honduras date. */
function parseInvoiceDate(raw: string | null, now: Date): Date {
  if (raw === null) return now;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const instant = ISO_DATE_TIME.test(raw) ? new Date(dateOnly ? `${raw}T12:00:00-06:00` : withOffset(raw)) : new Date(NaN);
  if (Number.isNaN(instant.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'invoiceDate must be an ISO 8601 date-time, e.g. 2026-11-22T10:30:00-06:00.');
  }
  const day = hondurasDate(instant);
  const today = hondurasDate(now);
  if (day < today)
    throw new AppError(
      'VALIDATION_FAILED',
      `invoiceDate ${day} is before today (${today}, Honduras time); backdated invoices are not supported.`,
    );
  if (day > today)
    throw new AppError(
      'VALIDATION_FAILED',
      `invoiceDate ${day} is after today (${today}, Honduras time); future-dated invoices are not supported.`,
    );
  return dateOnly ? now : instant;
}

/** A date-time without an offset is Honduras local time. */
function withOffset(raw: string): string {
  return /(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? raw : `${raw}-06:00`;
}
