/**
 * Every error code the public API can answer, with its HTTP status (decision 24). Never respell
 * one: clients branch on these strings. The OpenAPI document and the README list exactly these.
 */
export const API_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MISSING_IDEMPOTENCY_KEY: 400,
  EXTERNAL_INVOICE_NO_ITEMS: 400,
  EMPTY_ITEMS: 400,
  INVALID_NUMBER: 400,
  INVALID_REQUEST: 400,
  PRODUCT_NOT_FOUND: 400,
  ITEM_MISSING_PRODUCT_REFERENCE: 400,
  ITEM_AMBIGUOUS_PRODUCT_REFERENCE: 400,
  EXTERNAL_INVOICE_CLIENT_NOT_FOUND: 400,
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT: 400,
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN: 400,
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE: 400,
  EXTERNAL_INVOICE_BUYER_ID_REQUIRED: 400,
  INVALID_RTN_FORMAT: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  INTEGRATION_NOT_ENABLED: 403,
  NOT_FOUND: 404,
  EXTERNAL_INVOICE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  INTEGRATION_MISSING_EMISSION_POINT: 409,
  INTEGRATION_MISSING_CREATOR_USER: 409,
  INTEGRATION_MISSING_PRICE_TYPE: 409,
  INTEGRATION_MISSING_PAYMENT_TERMINAL: 409,
  INTEGRATION_EMISSION_POINT_NOT_FOUND: 409,
  INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND: 409,
  PRICE_NOT_FOUND: 409,
  EXCHANGE_RATE_NOT_FOUND: 409,
  INVALID_TAX_RATE: 409,
  DISCOUNT_POLICY_NOT_FOUND: 409,
  DISCOUNT_POLICY_UNAVAILABLE: 409,
  INVALID_DISCOUNT_POLICY: 409,
  IDEMPOTENCY_KEY_REQUEST_MISMATCH: 409,
  UQ_CLIENT_CODE_COMPANY: 409,
  CAI_RANGE_EXHAUSTED: 409,
  CAI_EXPIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PDF_RENDER_FAILED: 503,
  SERVICE_UNAVAILABLE: 503,
} as const;

/**
 * The codes only operator work refuses with (the CLI today, an operator console later), kept
 * apart so the public API's documents cannot list them. Operator refusals that mean the same as
 * an API code use that code instead (a bad value is VALIDATION_FAILED, an invoice not in the
 * company EXTERNAL_INVOICE_NOT_FOUND). Statuses follow the API's: 400/422 for input to fix, 404
 * for a row the company does not have, 409 for a conflict with what is stored.
 */
export const OPERATOR_ERROR_STATUS = {
  /** A file the operator named cannot be read or written (a missing one, a directory, no permission). */
  FILE_NOT_ACCESSIBLE: 400,
  COMPANY_NOT_FOUND: 404,
  CLIENT_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  /** A credit or debit note the company does not have. */
  NOTE_NOT_FOUND: 404,
  /** An emission point (EEE-PPP) the company does not have, or no longer has (`--emission-point`). */
  EMISSION_POINT_NOT_FOUND: 404,
  /** A CAI the company has no live range of (`cai cancel`). */
  CAI_NOT_FOUND: 404,
  /** A CAI whose ranges SAR's cancellation already stopped: a cancellation is final (decision 71). */
  CAI_ALREADY_CANCELLED: 409,
  /** The company already has its active keys (decision 22). */
  API_KEY_LIMIT_REACHED: 409,
  /** A unique index refused a setup row that a concurrent writer stored first. */
  SETUP_CONFLICT: 409,
  /** A note of an annulled invoice. */
  INVOICE_ANNULLED: 409,
  /** An invoice with live credit or debit notes cannot be annulled: the notes are annulled first. */
  INVOICE_HAS_NOTES: 409,
  /**
   * An invoice or note past its annulment window (ANNULMENT_DEADLINE_DAY of the month after its
   * month, decision 71): an invoice is undone with a credit note instead.
   */
  ANNULMENT_PERIOD_CLOSED: 409,
  /** A credit note would return or credit more than is left of its invoice (a line, a rate, exempt, exonerated, the total). */
  NOTE_LIMIT_EXCEEDED: 409,
  /** A credit note with nothing to credit (`--full` of a fully credited invoice, a note of L 0.00). */
  NOTE_NOTHING_TO_CREDIT: 409,
  /** A resend for a company with no delivery sender (`delivery.from`), or of a document with no address to send to. */
  DELIVERY_NOT_CONFIGURED: 409,
  /** A resend of an annulled invoice or note: an annulled document is not sent. */
  DOCUMENT_ANNULLED: 409,
  /** A letterhead rollback with no publication before the current one to make current again. */
  LETTERHEAD_NO_PREVIOUS: 409,
  /** A console form without the session's `_csrf` token, or with another one: nothing is done. */
  CSRF_TOKEN_INVALID: 403,
  /** No console operator has this e-mail. */
  OPERATOR_NOT_FOUND: 404,
  /** Another console operator already signs in with this e-mail. */
  OPERATOR_EMAIL_TAKEN: 409,
  /** A console sign-in with an e-mail and password that do not match an enabled account (the answer never says which). */
  SIGN_IN_FAILED: 401,
  /** Five failed console sign-ins for one e-mail within 15 minutes: it is refused for 15 minutes. */
  SIGN_IN_LOCKED: 429,
  /** The stored record breaks the numbering or totals rules (`audit`). */
  AUDIT_DISCREPANCIES: 409,
  /** A setup file that cannot be applied: its syntax, shape or rules (decision 30). */
  SETUP_INVALID: 422,
  /** A template that would not print its documents (`template check`, `template publish`). */
  TEMPLATE_BROKEN: 422,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export type OperatorErrorCode = keyof typeof OPERATOR_ERROR_STATUS;
export type ErrorCode = ApiErrorCode | OperatorErrorCode;

/** The one code -> status table every edge reads. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = { ...API_ERROR_STATUS, ...OPERATOR_ERROR_STATUS };

/** The HTTP status of a code: what the API answers, and what an operator console page answers. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
