import * as yup from 'yup';
import type { SetupDocument } from './setup-document';
import {
  amount, calendarDate, closedObject, code, digits, flag, list, nonEmptyText, requiredUnlessDeleted, text, wholeNumber,
} from './setup-formats';
import { ProblemList, SetupValidationError } from './setup-validation-error';

/** The printed number has 8 digits (EEE-PPP-01-NNNNNNNN), so no range may go past this. */
export const MAX_FISCAL_NUMBER = 99_999_999;

// Column limits: DECIMAL(18,4) amounts and DECIMAL(9,4) rates.
const MONEY = { scale: 4, below: 1e14 } as const;
const RATE = { scale: 4, below: 1e5 } as const;

const deleted = flag();

const caiRange = closedObject({
  cai: code(64).matches(/^[A-Za-z0-9-]+$/, 'must be letters, digits and dashes').defined('is required'),
  rangeStart: requiredUnlessDeleted(wholeNumber(1, MAX_FISCAL_NUMBER)),
  rangeEnd: requiredUnlessDeleted(wholeNumber(1, MAX_FISCAL_NUMBER)),
  deadline: requiredUnlessDeleted(calendarDate()),
  deleted,
}).test('range-order', function check(value) {
  const { rangeStart, rangeEnd } = value as { rangeStart?: unknown; rangeEnd?: unknown };
  if (typeof rangeStart !== 'number' || typeof rangeEnd !== 'number' || rangeStart <= rangeEnd) return true;
  return this.createError({ path: `${this.path}.rangeEnd`, message: `must not be below rangeStart (${rangeStart})` });
});

const emissionPoint = closedObject({
  code: digits(3, '001').defined('is required'),
  name: text(255).nullable(),
  caiRanges: list(caiRange),
  deleted,
});

const establishment = closedObject({
  code: digits(3, '000').defined('is required'),
  name: text(255).nullable(),
  address: text(255).nullable(),
  emissionPoints: list(emissionPoint),
  deleted,
});

/** Operator users and payment terminals. */
const named = closedObject({
  code: code().defined('is required'),
  name: requiredUnlessDeleted(nonEmptyText(255)),
  deleted,
});

const discountPolicy = closedObject({
  code: code().defined('is required'),
  // Any number: a percent outside 0..100 is stored and refused at use (INVALID_DISCOUNT_POLICY).
  percent: requiredUnlessDeleted(amount(RATE)),
  active: flag(),
  validFrom: calendarDate().nullable(),
  validTo: calendarDate().nullable(),
  deleted,
});

const product = closedObject({
  code: code().defined('is required'),
  name: requiredUnlessDeleted(nonEmptyText(255)),
  // Any number: checked against the allowed set at use (INVALID_TAX_RATE).
  isvRate: amount(RATE)
    .nullable()
    .test('isv-rate-required', 'is required unless the product is exempt: true', function check(value) {
      const entry = this.parent as { exempt?: unknown; deleted?: unknown };
      return (value !== undefined && value !== null) || entry.exempt === true || entry.deleted === true;
    }),
  exempt: flag(),
  exemptPerUnit: amount({ ...MONEY, nonNegative: true }).nullable(),
  deleted,
});

const price = closedObject({
  product: code().defined('is required'),
  price: requiredUnlessDeleted(amount({ ...MONEY, nonNegative: true })),
  currency: yup.string().typeError('must be HNL or USD').nonNullable('must not be null').oneOf(['HNL', 'USD'] as const, 'must be HNL or USD'),
  discountPolicy: code().nullable(),
  deleted,
});

const priceList = closedObject({
  code: code().defined('is required'),
  name: text(255).nullable(),
  prices: list(price),
  deleted,
});

const productMapping = closedObject({
  externalProductId: text(255).matches(/\S/, 'must not be empty').defined('is required'),
  product: code().defined('is required'),
  deleted,
});

// Constancia del Registro de Exonerados and/or Registro SAG: the invoice prints whichever it has.
const exoneration = closedObject({
  certificate: nonEmptyText(64).nullable(),
  sagRegistry: nonEmptyText(64).nullable(),
  validUntil: calendarDate().defined('is required'),
})
  .nullable()
  .test('one-reference', 'needs a certificate or a sagRegistry (at least one of the two)', (value) => {
    const entry = value as { certificate?: unknown; sagRegistry?: unknown } | null | undefined;
    return entry === null || entry === undefined || typeof entry !== 'object' || !!entry.certificate || !!entry.sagRegistry;
  });

const client = closedObject({
  code: code().defined('is required'),
  clientName: requiredUnlessDeleted(nonEmptyText(255)),
  email: requiredUnlessDeleted(text(255).email('must be a valid e-mail address')),
  legalId: digits(14, '08019999123456').nullable(),
  phone: text(32).nullable(),
  address: text(255).nullable(),
  exoneration,
  deleted,
});

const integration = closedObject({
  enabled: flag(),
  emissionPoint: text(7).matches(/^\d{3}-\d{3}$/, 'must be establishment-emission point codes, e.g. "000-001"').nullable(),
  creatorUser: code().nullable(),
  priceList: code().nullable(),
  paymentTerminal: code().nullable(),
  exoneratedSales: flag(),
});

const company = closedObject({
  code: text(32).matches(/^[A-Z0-9_-]{2,32}$/, 'must be 2 to 32 of A-Z, 0-9, _ and -').defined('is required'),
  name: nonEmptyText(255).defined('is required'),
  rtn: digits(14, '08019999123456').defined('is required'),
  tradeName: text(255).nullable(),
  address: text(255).nullable(),
  phone: text(64).nullable(),
  email: text(255).email('must be a valid e-mail address').nullable(),
  // Lempiras per USD.
  exchangeRate: amount({ ...MONEY, positive: true }).nullable(),
});

const setupSchema = closedObject({
  company: company.defined('is required'),
  establishments: list(establishment),
  users: list(named),
  paymentTerminals: list(named),
  discountPolicies: list(discountPolicy),
  products: list(product),
  priceLists: list(priceList),
  productMappings: list(productMapping),
  clients: list(client),
  integration,
});

/**
 * Checks the shape and formats of a setup document, without coercion (a quoted "1" is not a
 * number, an unquoted 001 is not a code) and without the database.
 * @throws SetupValidationError naming every problem by its path.
 */
export function parseSetupDocument(document: unknown): SetupDocument {
  if (document === null || document === undefined) throw new SetupValidationError(['document: the file is empty']);
  try {
    setupSchema.validateSync(document, { strict: true, abortEarly: false });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const problems = new ProblemList();
    for (const e of err.inner.length > 0 ? err.inner : [err]) problems.add(e.path ?? '', withoutPath(e.message, e.path));
    problems.throwIfAny();
  }
  // The schema above has checked every field the type declares.
  return document as SetupDocument;
}

/** yup's own messages start with the path, which the problem list already puts in front. */
function withoutPath(message: string, path: string | undefined): string {
  return path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
}
