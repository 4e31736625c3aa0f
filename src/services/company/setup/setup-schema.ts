import * as yup from 'yup';
import { DECIMAL_COLUMNS } from '../../../domain/decimal-columns';
import { DOCUMENT_TYPES } from '../../../domain/document-type';
import {
  amount,
  calendarDate,
  choice,
  closedObject,
  code,
  digits,
  fitsColumn,
  flag,
  keyed,
  list,
  nonEmptyText,
  rtn,
  text,
  verificationBase,
  wholeNumber,
} from './setup-formats';
import type { SetupDocument } from './setup-document';
import { deliverySchema } from './setup-delivery';
import { ProblemList, SetupValidationError } from './setup-validation-error';

/** The printed number has 8 digits (EEE-PPP-TT-NNNNNNNN), so no range may go past this. */
export const MAX_FISCAL_NUMBER = 99_999_999;

// What the columns can hold: rates of either sign, catalog amounts that are not negative.
const RATE = fitsColumn(DECIMAL_COLUMNS.rate);
const MONEY = fitsColumn(DECIMAL_COLUMNS.amount, { atLeast: 0 });

// Keyed entries: `.defined('is required')` binds a live entry only; see keyed().
const caiRange = keyed(
  {
    cai: code(64)
      .matches(/^[A-Za-z0-9-]+$/, 'must be letters, digits and dashes')
      .defined('is required'),
  },
  {
    rangeStart: wholeNumber(1, MAX_FISCAL_NUMBER).defined('is required'),
    rangeEnd: wholeNumber(1, MAX_FISCAL_NUMBER)
      .defined('is required')
      .test('range-order', function check(rangeEnd) {
        const rangeStart: unknown = this.parent.rangeStart;
        if (typeof rangeStart !== 'number' || typeof rangeEnd !== 'number' || rangeStart <= rangeEnd) return true;
        return this.createError({ message: `must not be below rangeStart (${rangeStart})` });
      }),
    deadline: calendarDate().defined('is required'),
    // Absent: invoice for a new range, the stored type for an existing one (rangeDocumentType).
    documentType: choice(DOCUMENT_TYPES),
  },
);

const emissionPoint = keyed({ code: digits(3, '001').defined('is required') }, { name: text(255).nullable(), caiRanges: list(caiRange) });

const establishment = keyed(
  { code: digits(3, '000').defined('is required') },
  { name: text(255).nullable(), address: text(255).nullable(), emissionPoints: list(emissionPoint) },
);

/** Operator users and payment terminals. */
const named = keyed({ code: code().defined('is required') }, { name: nonEmptyText(255).defined('is required') });

const discountPolicy = keyed(
  { code: code().defined('is required') },
  {
    // Any number: a percent outside 0..100 is stored and refused at use (INVALID_DISCOUNT_POLICY).
    percent: amount(RATE).defined('is required'),
    active: flag(),
    validFrom: calendarDate().nullable(),
    validTo: calendarDate().nullable(),
  },
);

const product = keyed(
  { code: code().defined('is required') },
  {
    name: nonEmptyText(255).defined('is required'),
    // Any number: checked against the allowed set at use (INVALID_TAX_RATE).
    isvRate: amount(RATE)
      .nullable()
      .test('isv-rate-required', 'is required unless the product is exempt: true', function check(value) {
        return (value !== undefined && value !== null) || this.parent.exempt === true || this.parent.deleted === true;
      }),
    exempt: flag(),
    exemptPerUnit: amount(MONEY).nullable(),
  },
);

const price = keyed(
  { product: code().defined('is required') },
  {
    price: amount(MONEY).defined('is required'),
    currency: choice(['HNL', 'USD'] as const),
    discountPolicy: code().nullable(),
  },
);

const priceList = keyed({ code: code().defined('is required') }, { name: text(255).nullable(), prices: list(price) });

const productMapping = keyed(
  {
    externalProductId: text(255).matches(/\S/, 'must not be empty').defined('is required'),
    product: code().defined('is required'),
  },
  {},
);

// Constancia del Registro de Exonerados and/or Registro SAG: the invoice prints whichever it has.
const exoneration = closedObject({
  certificate: nonEmptyText(64).nullable(),
  sagRegistry: nonEmptyText(64).nullable(),
  validUntil: calendarDate().defined('is required'),
})
  .nullable()
  .optional()
  .test('one-reference', 'needs a certificate or a sagRegistry (at least one of the two)', (entry) => {
    return entry === null || entry === undefined || typeof entry !== 'object' || !!entry.certificate || !!entry.sagRegistry;
  });

const client = keyed(
  { code: code().defined('is required') },
  {
    clientName: nonEmptyText(255).defined('is required'),
    email: text(255).email('must be a valid e-mail address').defined('is required'),
    legalId: rtn().nullable(),
    phone: text(32).nullable(),
    address: text(255).nullable(),
    exoneration,
  },
);

// Absent keys leave a default as it is; null clears it.
const integration = closedObject({
  enabled: flag(),
  // `EEE-PPP`: establishment code, emission-point code.
  emissionPoint: text(7)
    .matches(/^\d{3}-\d{3}$/, 'must be establishment-emission point codes, e.g. "000-001"')
    .nullable(),
  creatorUser: code().nullable(),
  priceList: code().nullable(),
  paymentTerminal: code().nullable(),
  exoneratedSales: flag(),
}).optional();

const COMPANY_CODE = /^[A-Z0-9_-]{2,32}$/;

// name and rtn of an existing company are filled from its row (setup-partial.ts): only a new one must give them.
const company = closedObject({
  code: text(32).matches(COMPANY_CODE, 'must be 2 to 32 of A-Z, 0-9, _ and -').defined('is required'),
  name: nonEmptyText(255).defined('is required to create a company'),
  rtn: rtn().defined('is required to create a company'),
  tradeName: text(255).nullable(),
  address: text(255).nullable(),
  phone: text(64).nullable(),
  email: text(255).email('must be a valid e-mail address').nullable(),
  // Lempiras per USD.
  exchangeRate: amount(fitsColumn(DECIMAL_COLUMNS.amount, { greaterThan: 0 })).nullable(),
  // Where its documents' QR codes lead, fixed on each at issue; null: PUBLIC_BASE_URL (decision 70).
  verificationBaseUrl: verificationBase().nullable(),
});

/**
 * The setup file (decision 30). Optional fields follow one rule everywhere: absent leaves the
 * stored value as it is (a default on creation), null clears it. That keeps data written by other
 * commands (e.g. `client exonerate`) when the file is silent.
 */
export const setupSchema = closedObject({
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
  delivery: deliverySchema,
});

/**
 * Checks the shape and formats of a setup document, without coercion (a quoted "1" is not a
 * number, an unquoted 001 is not a code) and without the database.
 * @throws SetupValidationError naming every problem by its path.
 */
export function parseSetupDocument(document: unknown): SetupDocument {
  if (document === null || document === undefined) throw new SetupValidationError(['document: the file is empty']);
  try {
    return setupSchema.validateSync(document, { strict: true, abortEarly: false });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const problems = new ProblemList();
    for (const e of err.inner.length > 0 ? err.inner : [err]) problems.add(e.path ?? '', withoutPath(e.message, e.path));
    throw problems.toError();
  }
}

/** yup's own messages start with the path, which the problem list already puts in front. */
function withoutPath(message: string, path: string | undefined): string {
  return path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
}

/** The document's company code when it is well formed, else undefined (the schema then says why). */
export function companyCodeOf(document: unknown): string | undefined {
  if (typeof document !== 'object' || document === null || !('company' in document)) return undefined;
  const company = document.company;
  if (typeof company !== 'object' || company === null || !('code' in company)) return undefined;
  const code = company.code;
  return typeof code === 'string' && COMPANY_CODE.test(code) ? code : undefined;
}
