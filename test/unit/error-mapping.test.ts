import { ValidationError } from 'yup';
import { AppError } from '../../src/domain/app-error';
import { ERROR_STATUS } from '../../src/domain/error-codes';
import { toErrorResponse } from '../../src/http/error-mapping';

describe('toErrorResponse', () => {
  it('maps every AppError code to its status, keeping the message', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const mapped = toErrorResponse(new AppError(code as keyof typeof ERROR_STATUS, `because ${code}`));
      // A 401 also carries its challenge, tested below; the rest of the mapping is exactly as before.
      const { headers: _challenge, ...rest } = mapped;
      expect(rest).toEqual({ status, body: { code, message: `because ${code}` }, unexpected: false });
    }
  });

  it('gives the documented status for every documented code', () => {
    expect(ERROR_STATUS).toMatchObject({
      MISSING_API_KEY: 401,
      INVALID_API_KEY: 401,
      INTEGRATION_NOT_ENABLED: 403,
      EXTERNAL_INVOICE_NOT_FOUND: 404,
      IDEMPOTENCY_KEY_REQUEST_MISMATCH: 409,
      PRICE_NOT_FOUND: 409,
      PRODUCT_NOT_FOUND: 400,
      INVALID_TAX_RATE: 409,
      EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED: 422,
      INTERNAL_ERROR: 500,
      UQ_CLIENT_CODE_COMPANY: 409,
    });
  });

  it('maps a yup ValidationError to 400 VALIDATION_FAILED with every problem', () => {
    const err = new ValidationError([
      new ValidationError('clientName is a required field'),
      new ValidationError('email must be a valid e-mail address'),
    ]);
    expect(toErrorResponse(err)).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'clientName is a required field; email must be a valid e-mail address' },
      unexpected: false,
    });
  });

  it('maps the body parser’s size error to 413 PAYLOAD_TOO_LARGE', () => {
    const err = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(toErrorResponse(err)).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('maps unparseable JSON to 400 VALIDATION_FAILED', () => {
    const err = Object.assign(new SyntaxError('Unexpected token'), { status: 400 });
    expect(toErrorResponse(err)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('challenges a request without a key with the Bearer scheme (RFC 9110 11.6.1, RFC 6750 3)', () => {
    const mapped = toErrorResponse(new AppError('MISSING_API_KEY', 'no key'));
    expect(mapped).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="invoicing"' } });
  });

  it('names the refused key as an invalid_token in the challenge', () => {
    const mapped = toErrorResponse(new AppError('INVALID_API_KEY', 'bad key'));
    expect(mapped.status).toBe(401);
    expect(mapped.headers?.['WWW-Authenticate']).toMatch(/^Bearer realm="invoicing", error="invalid_token"/);
  });

  it('sends no challenge with errors that are not 401', () => {
    expect(toErrorResponse(new AppError('INTEGRATION_NOT_ENABLED', 'off')).headers).toBeUndefined();
  });

  it('maps anything else to 500 INTERNAL_ERROR without internals in the message', () => {
    const err = new Error("ER_NO_SUCH_TABLE: Table 'invoicing.secret_table' doesn't exist");
    const mapped = toErrorResponse(err);
    expect(mapped.status).toBe(500);
    expect(mapped.body.code).toBe('INTERNAL_ERROR');
    expect(mapped.body.message).not.toContain('secret_table');
    expect(mapped.unexpected).toBe(true);
    expect(toErrorResponse('a string').body.code).toBe('INTERNAL_ERROR');
    expect(toErrorResponse(Object.assign(new SyntaxError('x'), { status: 500 })).body.code).toBe('INTERNAL_ERROR');
  });
});
