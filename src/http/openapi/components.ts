import type { ApiErrorCode } from '../../domain/error-codes';
import { AUTH_REALM } from '../error-mapping';
import { errorResponse } from './error-responses';
import { schemas } from './schemas';

/**
 * Shared OpenAPI components. Paths are documented in the `*.paths.ts` files beside this one;
 * what they reference lives here. The error code lists say which codes each operation can
 * really answer with a status, so they are composed the way the code raises them: issuing
 * runs every pricing check of preview, and more.
 */
const PRICING_BAD_REQUEST: ApiErrorCode[] = [
  'VALIDATION_FAILED',
  'INVALID_NUMBER',
  'INVALID_REQUEST',
  'EXTERNAL_INVOICE_NO_ITEMS',
  'ITEM_MISSING_PRODUCT_REFERENCE',
  'ITEM_AMBIGUOUS_PRODUCT_REFERENCE',
  'PRODUCT_NOT_FOUND',
  'EXTERNAL_INVOICE_CLIENT_NOT_FOUND',
  'EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT',
  'EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN',
  'EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE',
  'EXTERNAL_INVOICE_BUYER_ID_REQUIRED',
  'INVALID_RTN_FORMAT',
  // Listed because it is a published code of these operations; the request check answers an empty
  // items with EXTERNAL_INVOICE_NO_ITEMS first, so in practice the totals engine never reports it.
  'EMPTY_ITEMS',
];
const PRICING_CONFLICT: ApiErrorCode[] = [
  'INTEGRATION_MISSING_EMISSION_POINT',
  'INTEGRATION_EMISSION_POINT_NOT_FOUND',
  'INTEGRATION_MISSING_CREATOR_USER',
  'INTEGRATION_MISSING_PRICE_TYPE',
  'PRICE_NOT_FOUND',
  'EXCHANGE_RATE_NOT_FOUND',
  'INVALID_TAX_RATE',
  'DISCOUNT_POLICY_NOT_FOUND',
  'DISCOUNT_POLICY_UNAVAILABLE',
  'INVALID_DISCOUNT_POLICY',
];
const ISSUING_CONFLICT: ApiErrorCode[] = [
  'IDEMPOTENCY_KEY_REQUEST_MISMATCH',
  ...PRICING_CONFLICT,
  'INTEGRATION_MISSING_PAYMENT_TERMINAL',
  'INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND',
  'CAI_RANGE_EXHAUSTED',
  'CAI_EXPIRED',
];
const NO_RETRY = 'Do not retry unchanged.';

/** A temporary failure tells the caller when to ask again. */
function withRetryAfter<T extends object>(response: T) {
  return {
    ...response,
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before asking again.',
        required: true,
        schema: { type: 'integer', minimum: 1, example: 5 },
      },
    },
  };
}

/** A 401 names the scheme to authenticate with (RFC 9110 11.6.1, RFC 6750 3). */
function withChallenge<T extends object>(response: T) {
  return {
    ...response,
    headers: {
      'WWW-Authenticate': {
        description: `Bearer realm="${AUTH_REALM}", plus error="invalid_token" when a key was sent but refused.`,
        required: true,
        schema: { type: 'string', example: `Bearer realm="${AUTH_REALM}", error="invalid_token"` },
      },
    },
  };
}

export const components = {
  securitySchemes: {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description:
        "Authorization: Bearer <API key>. The key identifies the company (never sent in a request field); it is issued by the operator, shown once, and must be used from the caller's backend only. At most two keys are active at once, for rotation.",
    },
  },
  headers: {
    XRequestId: {
      description:
        'Identifies the request in the service logs: the X-Request-Id sent by the caller when it is plain (1-128 of A-Z a-z 0-9 . _ : -), else a new UUID. Quote it when reporting a problem.',
      required: true,
      schema: { type: 'string', example: '7599578b-386d-4658-92ae-c360ed72eb40' },
    },
    CacheControl: {
      description: 'no-store: answers carry fiscal data (clients, invoices, PDFs), which no browser, proxy or shared cache may keep.',
      required: true,
      schema: { type: 'string', example: 'no-store' },
    },
    XContentTypeOptions: {
      description: 'nosniff: a browser reads the answer only as its Content-Type says.',
      required: true,
      schema: { type: 'string', example: 'nosniff' },
    },
  },
  parameters: {
    XRequestId: {
      in: 'header',
      name: 'X-Request-Id',
      required: false,
      description: 'Optional id of your own for this request; echoed in the response and written to the service logs.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', example: 'erp-7f3a2c' },
    },
    IdempotencyKey: {
      in: 'header',
      name: 'Idempotency-Key',
      required: true,
      description:
        "Any unique value of the caller's, such as its order id (need not be a UUID). A new key issues an invoice; the same key with the same body returns the original invoice with replayed true and issues nothing; the same key with a different body is 409 IDEMPOTENCY_KEY_REQUEST_MISMATCH. A body that changed in any way (a line, a quantity) is a different invoice and needs a new key. Keys are kept about 24 hours. Missing or empty: 400 MISSING_IDEMPOTENCY_KEY; longer than 255 characters: 400 VALIDATION_FAILED.",
      schema: { type: 'string', minLength: 1, maxLength: 255, example: 'order-10042' },
    },
    InvoiceId: {
      in: 'path',
      name: 'id',
      required: true,
      description: 'The internal invoice id returned when it was issued (not the invoiceNumber).',
      schema: { type: 'integer', minimum: 1, example: 1 },
    },
  },
  schemas,
  requestBodies: {
    // Issuing and the preview take the same body: the preview prices exactly what issuing would.
    InvoiceCreate: {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/InvoiceCreateRequest' } } },
    },
  },
  responses: {
    ClientBadRequest: errorResponse(`The request is invalid. ${NO_RETRY}`, ['VALIDATION_FAILED', 'INVALID_RTN_FORMAT']),
    ListBadRequest: errorResponse(`page or limit is not an integer of at least 1. ${NO_RETRY}`, ['VALIDATION_FAILED'], {
      VALIDATION_FAILED: 'page must be an integer from 1 to 2147483647.',
    }),
    PreviewBadRequest: errorResponse(`The request is invalid. ${NO_RETRY}`, PRICING_BAD_REQUEST),
    IssueBadRequest: errorResponse(`The request is invalid; nothing was issued and the key stays unused. ${NO_RETRY}`, [
      'MISSING_IDEMPOTENCY_KEY',
      ...PRICING_BAD_REQUEST,
    ]),
    Unauthorized: withChallenge(errorResponse(`The credential is missing or invalid. ${NO_RETRY}`, ['MISSING_API_KEY', 'INVALID_API_KEY'])),
    Forbidden: errorResponse(`The key is valid but the company cannot use the API. ${NO_RETRY}`, ['INTEGRATION_NOT_ENABLED']),
    ClientConflict: errorResponse(`The client already exists. ${NO_RETRY}`, ['UQ_CLIENT_CODE_COMPANY']),
    PreviewConflict: errorResponse(`The company's configuration or catalog does not allow this sale. ${NO_RETRY}`, PRICING_CONFLICT),
    IssueConflict: errorResponse(
      `The key was reused with another body, or the company's configuration, catalog or CAI ranges do not allow this sale; nothing was issued. ${NO_RETRY}`,
      ISSUING_CONFLICT,
    ),
    InvoiceNotFound: errorResponse(`No such invoice in the company. ${NO_RETRY}`, ['EXTERNAL_INVOICE_NOT_FOUND']),
    PayloadTooLarge: errorResponse(`The body is over the size limit. ${NO_RETRY}`, ['PAYLOAD_TOO_LARGE']),
    RequestTimeout: errorResponse('The request was not received completely in time, so it was not processed; it may be sent again.', [
      'REQUEST_TIMEOUT',
    ]),
    RequestHeadersTooLarge: errorResponse(`The request headers are over the size limit. ${NO_RETRY}`, ['REQUEST_HEADER_FIELDS_TOO_LARGE']),
    CreditNotSupported: errorResponse(`A well-formed request asking for something v1 does not do. ${NO_RETRY}`, [
      'EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED',
    ]),
    InternalError: errorResponse('A service failure. Retry with backoff (and, on POST /v1/invoices, the same Idempotency-Key and body).', [
      'INTERNAL_ERROR',
    ]),
    RateLimited: withRetryAfter(
      errorResponse('Too many requests from the company: the one 4xx that is retried, after the Retry-After seconds.', ['RATE_LIMITED']),
    ),
    PdfUnavailable: withRetryAfter(
      errorResponse(
        'The PDF cannot be generated right now (the invoice itself is stored), or the database is not available. Retry after the Retry-After seconds.',
        ['PDF_RENDER_FAILED', 'SERVICE_UNAVAILABLE'],
      ),
    ),
    NotReady: withRetryAfter(
      errorResponse(
        'This instance cannot serve now (database down or slow, Galera node not Synced); send traffic elsewhere and ask again after the Retry-After seconds.',
        ['SERVICE_UNAVAILABLE'],
      ),
    ),
    DatabaseUnavailable: withRetryAfter(
      errorResponse(
        'The database is not available right now (e.g. its cluster node is down or rejoining); nothing was changed. Retry after the Retry-After seconds.',
        ['SERVICE_UNAVAILABLE'],
      ),
    ),
  },
};
