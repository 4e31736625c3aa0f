import { main } from '../../src/cli/admin';
import { CommandExit } from '../../src/cli/command-exit';
import { AppError } from '../../src/domain/app-error';
import {
  API_ERROR_STATUS,
  ERROR_STATUS,
  ErrorCode,
  errorStatus,
  OPERATOR_ERROR_STATUS,
  OperatorErrorCode,
} from '../../src/domain/error-codes';
import { toErrorResponse } from '../../src/http/error-mapping';
import { buildOpenApiDocument } from '../../src/http/openapi/openapi-document';
import { SetupValidationError } from '../../src/services/company';

const OPERATOR_CODES = Object.keys(OPERATOR_ERROR_STATUS) as OperatorErrorCode[];

describe('the code table', () => {
  it('keeps the API codes and the operator codes apart: no code is both', () => {
    expect(Object.keys(API_ERROR_STATUS).filter((code) => code in OPERATOR_ERROR_STATUS)).toEqual([]);
  });

  it('answers the public API’s codes with the statuses its published contract lists', () => {
    const published: Partial<Record<ErrorCode, number>> = {
      MISSING_API_KEY: 401,
      INVALID_API_KEY: 401,
      INTEGRATION_NOT_ENABLED: 403,
      INTEGRATION_MISSING_EMISSION_POINT: 409,
      INTEGRATION_MISSING_CREATOR_USER: 409,
      INTEGRATION_MISSING_PRICE_TYPE: 409,
      INTEGRATION_MISSING_PAYMENT_TERMINAL: 409,
      INTEGRATION_EMISSION_POINT_NOT_FOUND: 409,
      INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND: 409,
      PRODUCT_NOT_FOUND: 400,
      PRICE_NOT_FOUND: 409,
      ITEM_MISSING_PRODUCT_REFERENCE: 400,
      ITEM_AMBIGUOUS_PRODUCT_REFERENCE: 400,
      INVALID_TAX_RATE: 409,
      DISCOUNT_POLICY_NOT_FOUND: 409,
      DISCOUNT_POLICY_UNAVAILABLE: 409,
      INVALID_DISCOUNT_POLICY: 409,
      VALIDATION_FAILED: 400,
      MISSING_IDEMPOTENCY_KEY: 400,
      IDEMPOTENCY_KEY_REQUEST_MISMATCH: 409,
      EXTERNAL_INVOICE_NO_ITEMS: 400,
      EMPTY_ITEMS: 400,
      INVALID_NUMBER: 400,
      INVALID_REQUEST: 400,
      EXTERNAL_INVOICE_CLIENT_NOT_FOUND: 400,
      EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT: 400,
      EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN: 400,
      INVALID_RTN_FORMAT: 400,
      UQ_CLIENT_CODE_COMPANY: 409,
      EXTERNAL_INVOICE_NOT_FOUND: 404,
      EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED: 422,
      INTERNAL_ERROR: 500,
    };
    // Codes the service answers beyond that list: the HTTP layer's own refusals, a buyer's and an
    // exoneration's identification, the numbering's and the exchange rate's conflicts, busy PDFs.
    const added: Partial<Record<ErrorCode, number>> = {
      EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE: 400,
      EXTERNAL_INVOICE_BUYER_ID_REQUIRED: 400,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      REQUEST_TIMEOUT: 408,
      EXCHANGE_RATE_NOT_FOUND: 409,
      CAI_RANGE_EXHAUSTED: 409,
      CAI_EXPIRED: 409,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
      PDF_RENDER_FAILED: 503,
      SERVICE_UNAVAILABLE: 503,
    };
    const answered = (codes: Partial<Record<ErrorCode, number>>) =>
      Object.fromEntries(Object.keys(codes).map((code) => [code, errorStatus(code as ErrorCode)]));
    expect(answered(published)).toEqual(published);
    expect(answered(added)).toEqual(added);
    // A new API code must be written out here with its status.
    expect(Object.keys(API_ERROR_STATUS).sort()).toEqual([...Object.keys(published), ...Object.keys(added)].sort());
  });

  it('answers every code with a client (4xx) or server (5xx) error status, never a success or a redirect', () => {
    const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
    expect(codes.length).toBe(Object.keys(API_ERROR_STATUS).length + OPERATOR_CODES.length);
    expect(codes.filter((code) => !(errorStatus(code) >= 400 && errorStatus(code) <= 599))).toEqual([]);
  });

  it('gives operator codes the status an operator console answers: 404 not found, 409 conflict, 400/422 input to fix, 401/403/429 for the console sign-in and forms', () => {
    expect(OPERATOR_ERROR_STATUS).toEqual({
      COMPANY_NOT_FOUND: 404,
      CLIENT_NOT_FOUND: 404,
      API_KEY_NOT_FOUND: 404,
      NOTE_NOT_FOUND: 404,
      EMISSION_POINT_NOT_FOUND: 404,
      CAI_NOT_FOUND: 404,
      API_KEY_LIMIT_REACHED: 409,
      SETUP_CONFLICT: 409,
      AUDIT_DISCREPANCIES: 409,
      INVOICE_ANNULLED: 409,
      INVOICE_HAS_NOTES: 409,
      LETTERHEAD_NO_PREVIOUS: 409,
      DELIVERY_NOT_CONFIGURED: 409,
      DOCUMENT_ANNULLED: 409,
      NOTE_LIMIT_EXCEEDED: 409,
      NOTE_NOTHING_TO_CREDIT: 409,
      ANNULMENT_PERIOD_CLOSED: 409,
      CAI_ALREADY_CANCELLED: 409,
      FILE_NOT_ACCESSIBLE: 400,
      SETUP_INVALID: 422,
      TEMPLATE_BROKEN: 422,
      OPERATOR_NOT_FOUND: 404,
      OPERATOR_EMAIL_TAKEN: 409,
      CSRF_TOKEN_INVALID: 403,
      SIGN_IN_FAILED: 401,
      SIGN_IN_LOCKED: 429,
    });
  });

  it('keeps operator codes out of the public API document', () => {
    const document = JSON.stringify(buildOpenApiDocument());
    // Whole codes only: CLIENT_NOT_FOUND is also the end of the API's EXTERNAL_INVOICE_CLIENT_NOT_FOUND.
    expect(OPERATOR_CODES.filter((code) => new RegExp(`(?<![A-Z_])${code}(?![A-Z_])`).test(document))).toEqual([]);
  });

  it('gives an AppError its code’s status', () => {
    expect(new AppError('COMPANY_NOT_FOUND', 'unknown company X')).toMatchObject({ code: 'COMPANY_NOT_FOUND', status: 404 });
    expect(new SetupValidationError(['a: b'])).toMatchObject({ code: 'SETUP_INVALID', status: 422, problems: ['a: b'] });
  });
});

describe('the HTTP edge', () => {
  it.each(OPERATOR_CODES)('answers an operator refusal %s with its status and {code, message}, never a 500', (code) => {
    expect(toErrorResponse(new AppError(code, `because ${code}`))).toEqual({
      status: OPERATOR_ERROR_STATUS[code],
      body: { code, message: `because ${code}` },
      unexpected: false,
    });
  });

  it('answers a setup file’s problems as one SETUP_INVALID message', () => {
    const err = new SetupValidationError([
      'products[0].isvRate: must be one of 0, 15, 18',
      'priceLists[0].prices[1].product: unknown product P-9',
    ]);
    expect(toErrorResponse(err)).toEqual({
      status: 422,
      body: {
        code: 'SETUP_INVALID',
        message: 'products[0].isvRate: must be one of 0, 15, 18; priceLists[0].prices[1].product: unknown product P-9',
      },
      unexpected: false,
    });
  });
});

describe('the CLI edge', () => {
  /** Runs the program with `failure` thrown where a command's body would run (no database). */
  async function cli(args: string[], failure?: unknown): Promise<{ code: number; stdout: string; stderr: string; ran: boolean }> {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    let ran = false;
    try {
      const code = await main(args, async () => {
        ran = true;
        if (failure !== undefined) throw failure;
      });
      return { code, stdout: out.join(''), stderr: err.join(''), ran };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }

  it('prints a service’s refusal as one line on stderr and exits 1', async () => {
    const run = await cli(['apikey', 'list', '--company', 'NOPE'], new AppError('COMPANY_NOT_FOUND', 'unknown company NOPE'));
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: unknown company NOPE\n', ran: true });
  });

  it('prints a bad option the same way, before any command body runs', async () => {
    const run = await cli(['report', 'sales', '--company', 'ACME', '--from', '2026-02-30', '--to', '2026-03-01']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: --from must be a date YYYY-MM-DD, got "2026-02-30"\n', ran: false });
  });

  it('keeps every problem of a setup file on its one line', async () => {
    const run = await cli(['audit', '--company', 'ACME'], new SetupValidationError(['a: first\nproblem', 'b: second']));
    expect(run).toMatchObject({ code: 1, stderr: 'error: a: first problem; b: second\n' });
  });

  it('prints anything unexpected as one line too', async () => {
    const run = await cli(['audit', '--company', 'ACME'], new Error('connect ECONNREFUSED\n  at somewhere'));
    expect(run).toMatchObject({ code: 1, stderr: 'error: connect ECONNREFUSED at somewhere\n' });
  });

  it('ends a deliberate exit with its code and nothing on stderr', async () => {
    const run = await cli(['cai', 'status'], new CommandExit(3));
    expect(run).toMatchObject({ code: 3, stderr: '' });
  });
});
