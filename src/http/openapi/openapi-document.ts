import swaggerJsdoc from 'swagger-jsdoc';
import { describeRequestLimits } from '../body/request-limits';
import { CLIENT_PATHS } from './clients.paths';
import { components } from './components';
import { DOCS_PATHS } from './docs.paths';
import { HEALTH_PATHS } from './health.paths';
import { INVOICE_PATHS } from './invoices.paths';

const DESCRIPTION = `Issues legally valid Honduran sales invoices (CAI authorization range, ISV tax, RTN tax id) on
behalf of one company, identified by its API key. The caller sends what was sold (its own product
ids and quantities, optionally a price); taxes, invoice number and CAI are set by the service.

Before use, the operator enables the integration for the company and maps the caller's product
ids to catalog products; until then requests fail with INTEGRATION_NOT_ENABLED or
PRODUCT_NOT_FOUND. Preview is the tool for testing.

## Errors and retries
Every error under /v1 has the body \`{code, message}\`, whatever the endpoint or status. Logic must
use \`code\` and the HTTP status, never \`message\`. A path that does not exist answers
404 NOT_FOUND and a method a path does not have answers 405 METHOD_NOT_ALLOWED, in the same shape.
So do the HTTP server's own refusals, on any path: headers over 16 KB in all answer
431 REQUEST_HEADER_FIELDS_TOO_LARGE, a request not received completely in time 408 REQUEST_TIMEOUT
(it was not processed and may be sent again), and bytes that are not HTTP 400 VALIDATION_FAILED;
each closes the connection.

Only 5xx responses and timeouts or network errors are retried, with backoff, and on
POST /v1/invoices with the **same** Idempotency-Key and body (a retry of an invoice that was in
fact issued returns it with \`replayed: true\`). A 4xx is never retried unchanged, except
429 RATE_LIMITED after the seconds its Retry-After header gives. INTEGRATION_*
(and CAI_*) errors are resolved in the operator's application: keep the sale queued and alert a
person.

## Request bodies
Bodies are JSON sent as \`Content-Type: application/json\` in UTF-8 (\`charset=utf-8\` may be
given). A malformed JSON or non-JSON body is 400 VALIDATION_FAILED: another media type (even
\`application/vnd.api+json\`), a charset other than UTF-8, a Content-Encoding, or bytes that are not
UTF-8, the message naming which. Besides the size limit (413), a body is refused with 400
VALIDATION_FAILED, naming the place, for ${describeRequestLimits()}.

## Versioning
v1 may add fields to responses without notice: clients must ignore unknown response fields. The
error shape, the meaning of existing codes and of existing fields do not change within v1.`;

const TAGS = [
  { name: 'Health', description: 'Liveness, without credentials.' },
  { name: 'Clients', description: "The company's customers, needed for exonerated sales or to put a name on an invoice." },
  { name: 'Invoices', description: 'Preview, issue, read and download legal invoices.' },
  { name: 'Documentation', description: 'This document and its interactive page.' },
];

type Json = Record<string, unknown>;
/** The headers of every answer: its request id (decision 27), and no-store and nosniff (decision 66). */
const EVERY_RESPONSE_HEADERS = {
  'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
  'X-Content-Type-Options': { $ref: '#/components/headers/XContentTypeOptions' },
};
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every response carries these headers: declared once here, not in every block. */
function withResponseHeaders(response: Json): Json {
  if ('$ref' in response) return response;
  return { ...response, headers: { ...EVERY_RESPONSE_HEADERS, ...(response.headers as Json | undefined) } };
}

function mapValues(record: Json, fn: (value: Json) => Json): Json {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value as Json)]));
}

/**
 * Answers the HTTP server gives to any request before an operation sees it (the headers over the
 * size limit, a request not received in time), so every operation can answer them.
 */
const SERVER_RESPONSES = {
  408: { $ref: '#/components/responses/RequestTimeout' },
  431: { $ref: '#/components/responses/RequestHeadersTooLarge' },
};

/**
 * Answers every operation behind the API key can give (the document's default security): a key
 * refused or not allowed, the rate limit, a failure, the database down. Declared once here; an
 * operation that answers one of these codes otherwise (the PDF's 503) names its own, which wins.
 */
const KEYED_RESPONSES = {
  401: { $ref: '#/components/responses/Unauthorized' },
  403: { $ref: '#/components/responses/Forbidden' },
  429: { $ref: '#/components/responses/RateLimited' },
  500: { $ref: '#/components/responses/InternalError' },
  503: { $ref: '#/components/responses/DatabaseUnavailable' },
};

/** Whether an operation is behind the API key: it does not lift the default security (`security: []`). */
function isKeyed(operation: Json): boolean {
  return !Array.isArray(operation.security) || operation.security.length > 0;
}

/**
 * Adds the X-Request-Id request parameter, the headers of every response, the server's answers,
 * and for an operation behind the key the answers every such operation gives, to every operation.
 */
function withRequestIds(paths: Json): Json {
  return mapValues(paths, (pathItem) =>
    mapValues(pathItem, (operation) => ({
      ...operation,
      parameters: [...((operation.parameters as Json[] | undefined) ?? []), { $ref: '#/components/parameters/XRequestId' }],
      responses: mapValues(
        { ...(isKeyed(operation) ? KEYED_RESPONSES : {}), ...(operation.responses as Json), ...SERVER_RESPONSES },
        withResponseHeaders,
      ),
    })),
  );
}

/**
 * The OpenAPI 3 document: the paths of each resource (`*.paths.ts` here) and the shared
 * components, served by the running service and checked against every response in the tests.
 */
export function buildOpenApiDocument(): Json {
  const document = swaggerJsdoc({
    definition: {
      openapi: '3.0.3',
      info: {
        title: 'Honduran invoicing service',
        version: '1.0.0',
        description: DESCRIPTION,
      },
      servers: [{ url: '/', description: 'This service' }],
      security: [{ bearerAuth: [] }],
      tags: TAGS,
      components,
      paths: { ...INVOICE_PATHS, ...HEALTH_PATHS, ...DOCS_PATHS, ...CLIENT_PATHS },
    },
    apis: [],
  }) as Json;
  const paths = document.paths as Json;
  for (const pathItem of Object.values(paths) as Json[]) {
    const unknown = Object.keys(pathItem).filter((key) => !HTTP_METHODS.includes(key));
    if (unknown.length > 0) throw new Error(`OpenAPI paths: unexpected keys ${unknown.join(', ')} in a path item`);
  }
  return {
    ...document,
    paths: withRequestIds(paths),
    components: { ...components, responses: mapValues(components.responses, withResponseHeaders) },
  };
}
