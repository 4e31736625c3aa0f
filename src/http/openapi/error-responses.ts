import { API_ERROR_STATUS, ApiErrorCode } from '../../domain/error-codes';
import { describeRequestLimits } from '../body/request-limits';

/**
 * What each code means, shown in the document (decision 24). The API's codes only: operator codes
 * are never an answer of the public API, so the compiler keeps them out of its document.
 */
const ERROR_CAUSES: Record<ApiErrorCode, string> = {
  VALIDATION_FAILED: `Body invalid (missing field, wrong type, unknown field, malformed JSON, not sent as Content-Type: application/json in UTF-8 (another media type, a charset other than UTF-8, a Content-Encoding), not valid UTF-8, or past a body limit: ${describeRequestLimits()}), page/limit not an integer of at least 1, or invoiceDate not today in Honduras; the message names which.`,
  MISSING_IDEMPOTENCY_KEY: 'The Idempotency-Key header is missing or empty on POST /v1/invoices.',
  EXTERNAL_INVOICE_NO_ITEMS: 'items is empty.',
  EMPTY_ITEMS: 'items is empty, detected by the totals engine (the request check answers EXTERNAL_INVOICE_NO_ITEMS first).',
  INVALID_NUMBER: 'An invalid number: quantity not greater than 0, negative price, more than 4 decimals or too large.',
  INVALID_REQUEST:
    'An inconsistent request, e.g. exemptPurchaseOrderNumber on a sale that is not exonerated, buyer together with clientId, or a total too large to write in words; the message explains.',
  PRODUCT_NOT_FOUND: 'externalProductId is not mapped to a catalog product.',
  ITEM_MISSING_PRODUCT_REFERENCE: 'A line references no product (externalProductId missing or empty).',
  ITEM_AMBIGUOUS_PRODUCT_REFERENCE: 'A line references more than one product (externalProductId mapped twice).',
  EXTERNAL_INVOICE_CLIENT_NOT_FOUND: 'clientId is not a client of the company.',
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT: 'An exonerated sale without clientId.',
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN: 'The client of an exonerated sale has no RTN (legalId).',
  EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE:
    "An exonerated sale with none of the references the invoice must print: exemptPurchaseOrderNumber, or the client's exoneration certificate or Registro SAG number.",
  EXTERNAL_INVOICE_BUYER_ID_REQUIRED:
    'The total exceeds the final-consumer threshold (FINAL_CONSUMER_ID_THRESHOLD, L 10,000.00 by default): the buyer must be identified by a clientId whose client has an RTN (legalId), or by buyer (names and an identity document). The message names the threshold.',
  INVALID_RTN_FORMAT:
    "An RTN (a client's legalId, or a buyer's idNumber of idType RTN) is not exactly 14 digits, or is fourteen equal digits (00000000000000).",
  MISSING_API_KEY: 'No bearer key was sent.',
  INVALID_API_KEY: 'The key is unknown, revoked or expired, or the scheme is not Bearer.',
  INTEGRATION_NOT_ENABLED: 'The company has not enabled the integration. Not fixable from caller code.',
  NOT_FOUND: 'No route has this path.',
  EXTERNAL_INVOICE_NOT_FOUND: 'No invoice with this id in the company (an id of another company answers the same).',
  METHOD_NOT_ALLOWED: 'The path exists but not with this method; the Allow header lists the methods.',
  REQUEST_TIMEOUT: 'The request (headers and body) was not received completely in time; the connection is closed.',
  INTEGRATION_MISSING_EMISSION_POINT: 'No default emission point is configured.',
  INTEGRATION_MISSING_CREATOR_USER: 'No default creator user is configured.',
  INTEGRATION_MISSING_PRICE_TYPE: 'No default price list is configured.',
  INTEGRATION_MISSING_PAYMENT_TERMINAL: 'No default payment terminal is configured (needed to issue, not to preview).',
  INTEGRATION_EMISSION_POINT_NOT_FOUND: 'The configured emission point no longer exists.',
  INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND: 'The configured payment terminal no longer exists.',
  PRICE_NOT_FOUND: 'The product has no price in the configured price list and no price was sent.',
  EXCHANGE_RATE_NOT_FOUND: 'A line takes a USD price-list price and the company has no exchange rate.',
  INVALID_TAX_RATE: 'The product has an ISV rate that is not an allowed rate.',
  DISCOUNT_POLICY_NOT_FOUND: 'The applicable discount policy no longer exists.',
  DISCOUNT_POLICY_UNAVAILABLE: 'The discount policy is inactive or outside its validity dates on the invoice date.',
  INVALID_DISCOUNT_POLICY: 'The discount policy is misconfigured (percent outside 0..100).',
  IDEMPOTENCY_KEY_REQUEST_MISMATCH: 'The Idempotency-Key was used with a different body; nothing was issued.',
  UQ_CLIENT_CODE_COMPANY: 'A client with this code or RTN already exists in the company.',
  CAI_RANGE_EXHAUSTED: 'The CAI ranges of the emission point have no numbers left.',
  CAI_EXPIRED: 'Every CAI range with numbers left is past its deadline (fecha límite de emisión).',
  PAYLOAD_TOO_LARGE: 'The body is larger than the service accepts.',
  REQUEST_HEADER_FIELDS_TOO_LARGE: 'The request headers are larger than the service accepts (16 KB in all); the connection is closed.',
  EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED: 'isCredit true: credit invoices are reserved for a future version.',
  RATE_LIMITED:
    'The company sent more requests a minute than this instance accepts (RATE_LIMIT_PER_MINUTE). Retry after the Retry-After seconds.',
  INTERNAL_ERROR: 'Service failure; the message has nothing internal. Retry with backoff and the same Idempotency-Key.',
  SERVICE_UNAVAILABLE:
    'The database is unreachable or not ready right now (e.g. its cluster node is down or rejoining), or the request kept losing races with concurrent ones; nothing was changed. Retry after the Retry-After seconds (on POST /v1/invoices with the same Idempotency-Key and body).',
  PDF_RENDER_FAILED: 'The PDF could not be generated right now (LibreOffice missing, busy or too slow). Retry with backoff.',
};

/** The operator fixes these in the company's configuration; retrying does not help. */
const OPERATOR_NOTE = 'Resolved by the operator, not by retrying: keep the sale queued and alert a person.';

/**
 * One documented error response: the {code, message} shape with `code` narrowed to the codes the
 * operation can answer with this status, each listed with its cause and given as an example.
 * Every code must have the response's status (API_ERROR_STATUS); a mismatch is a programming error.
 * `causes` replaces the general cause of a code where the operation can only meet one case of it
 * (a list has no body, so its VALIDATION_FAILED is about page and limit).
 */
export function errorResponse(summary: string, codes: ApiErrorCode[], causes: Partial<Record<ApiErrorCode, string>> = {}) {
  const causeOf = (code: ApiErrorCode): string => causes[code] ?? ERROR_CAUSES[code];
  const status = API_ERROR_STATUS[codes[0]];
  const wrong = codes.filter((code) => API_ERROR_STATUS[code] !== status);
  if (wrong.length > 0) throw new Error(`error response "${summary}" mixes statuses: ${wrong.join(', ')} are not ${status}`);
  const operatorCodes = codes.some((code) => code.startsWith('INTEGRATION_') || code.startsWith('CAI_')) ? `\n\n${OPERATOR_NOTE}` : '';
  return {
    description: `${summary}\n\n${codes.map((code) => `- \`${code}\`: ${causeOf(code)}`).join('\n')}${operatorCodes}`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorResponse' },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        },
        examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: { code, message: causeOf(code) } }])),
      },
    },
  };
}
