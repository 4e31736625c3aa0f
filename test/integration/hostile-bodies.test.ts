import { createTestApp, TestApp } from '../support/test-app';
import { expectError } from '../support/expect-error';
import { setUpCompany } from '../support/setup-fixtures';
import { listen, rawRequest } from '../support/raw-http';
import { tableChecksums } from '../support/table-checksums';
import { REQUEST_LIMITS } from '../../src/http/body/request-limits';

/** `depth` arrays (or objects) nested inside one another around `inner`. */
const nestedArrays = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const SALE_LINE = '{"externalProductId":"SKU-P-1","quantity":1}';

describe('hostile request bodies get a 4xx {code, message} and write nothing', () => {
  let t: TestApp;
  let acme: { auth: { Authorization: string }; code: string };
  let key = 0;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
  });
  afterAll(() => t.close());

  /** Sends `body` as raw text with `contentType` and checks status, code and that no row changed. */
  async function expectRefused(path: string, body: string | Buffer, status: number, code: string, contentType = 'application/json') {
    const before = await tableChecksums(t.orm);
    const res = await t.http
      .post(path)
      .set(acme.auth)
      .set('Idempotency-Key', `hostile-${++key}`)
      .set('Content-Type', contentType)
      .send(body);
    expectError(res, status, code);
    expect(await tableChecksums(t.orm)).toBe(before);
    return res.body.message as string;
  }

  const POSTS = ['/v1/clients', '/v1/invoices', '/v1/invoices/preview'];

  it.each(POSTS)('%s: a whole body nested thousands of levels deep is 400 VALIDATION_FAILED', async (path) => {
    expect(await expectRefused(path, nestedArrays(100_000), 400, 'VALIDATION_FAILED')).toMatch(/nests .* more than 8 levels/);
    await expectRefused(path, nestedObjects(20_000), 400, 'VALIDATION_FAILED');
  });

  const deepFields: [string, string][] = [
    ['/v1/clients', `{"clientName":"x","email":${nestedArrays(20_000)}}`],
    ['/v1/clients', `{"clientName":"x","email":"a@b.hn","address":${nestedObjects(20_000)}}`],
    ['/v1/invoices', `{"items":[${SALE_LINE}],"clientId":${nestedArrays(20_000)}}`],
    ['/v1/invoices', `{"items":[${SALE_LINE}],"purchaseOrderNumber":${nestedObjects(20_000)}}`],
    ['/v1/invoices', `{"items":[{"externalProductId":"SKU-P-1","quantity":1,"price":${nestedArrays(20_000)}}]}`],
    ['/v1/invoices/preview', `{"items":[{"externalProductId":${nestedArrays(20_000)},"quantity":1}]}`],
  ];
  it.each(deepFields)('%s: a field holding deep nesting is 400 VALIDATION_FAILED naming the field', async (path, body) => {
    const message = await expectRefused(path, body, 400, 'VALIDATION_FAILED');
    expect(message).toMatch(
      /^(email|address|clientId|purchaseOrderNumber|items\[0\]\.price|items\[0\]\.externalProductId)(\[0\]|\.a)+ nests objects or arrays more than 8 levels deep\.$/,
    );
  });

  it('a duplicate key whose second value is deeply nested is 400 VALIDATION_FAILED', async () => {
    await expectRefused('/v1/invoices', `{"items":[${SALE_LINE}],"items":${nestedArrays(50_000)}}`, 400, 'VALIDATION_FAILED');
  });

  it('a 90 KB externalProductId is 400 VALIDATION_FAILED naming the field and the limit', async () => {
    const body = JSON.stringify({ items: [{ externalProductId: 'x'.repeat(90_000), quantity: 1 }] });
    const message = await expectRefused('/v1/invoices', body, 400, 'VALIDATION_FAILED');
    expect(message).toBe(`items[0].externalProductId is longer than ${REQUEST_LIMITS.maxStringLength} characters.`);
  });

  it('more lines than an invoice may have is 400 VALIDATION_FAILED before any validation runs', async () => {
    const body = `{"items":[${Array.from({ length: REQUEST_LIMITS.maxArrayLength + 1 }, () => SALE_LINE).join(',')}]}`;
    expect(await expectRefused('/v1/invoices', body, 400, 'VALIDATION_FAILED')).toBe(
      `items has more than ${REQUEST_LIMITS.maxArrayLength} elements.`,
    );
  });

  it('an object with more fields than allowed is 400 VALIDATION_FAILED', async () => {
    const fields = Array.from({ length: REQUEST_LIMITS.maxObjectFields + 1 }, (_, i) => `"f${i}":1`).join(',');
    expect(await expectRefused('/v1/clients', `{${fields}}`, 400, 'VALIDATION_FAILED')).toBe(
      `body has more than ${REQUEST_LIMITS.maxObjectFields} fields.`,
    );
  });

  it('a body that is not UTF-8 is 400 VALIDATION_FAILED', async () => {
    const server = await listen(t.app);
    try {
      const before = await tableChecksums(t.orm);
      const latin1 = Buffer.from('{"clientName":"Pe\xf1a","email":"a@b.hn"}', 'latin1');
      const res = await rawRequest(server.port, {
        method: 'POST',
        path: '/v1/clients',
        headers: { ...acme.auth, 'Content-Type': 'application/json' },
        body: latin1,
      });
      expect({ status: res.status, body: res.json() }).toEqual({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'The request body is not valid UTF-8.' },
      });
      expect(await tableChecksums(t.orm)).toBe(before);
    } finally {
      await server.close();
    }
  });

  const refusedTypes = [
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/vnd.api+json',
    'text/plain',
    'application/x-www-form-urlencoded',
  ];
  it.each(refusedTypes)('a valid body sent as %s is 400 VALIDATION_FAILED naming the content type', async (contentType) => {
    const message = await expectRefused(
      '/v1/clients',
      JSON.stringify({ clientName: 'Media', email: 'm@b.hn' }),
      400,
      'VALIDATION_FAILED',
      contentType,
    );
    expect(message).toBe(`Content-Type must be application/json; charset=utf-8 (got ${contentType}).`);
  });

  it('a Content-Type koa-bodyparser would not read as JSON is 400 VALIDATION_FAILED, not a body read as empty', async () => {
    const message = await expectRefused(
      '/v1/clients',
      JSON.stringify({ clientName: 'Odd', email: 'o@b.hn' }),
      400,
      'VALIDATION_FAILED',
      'application/json; odd',
    );
    expect(message).toBe('Content-Type must be application/json; charset=utf-8 (got application/json; odd).');
  });

  it('a compressed body is 400 VALIDATION_FAILED naming the Content-Encoding', async () => {
    const res = await t.http
      .post('/v1/clients')
      .set(acme.auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{}');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Content-Encoding must be identity: send the body uncompressed (got gzip).' },
    });
  });

  it('a __proto__ key is 400 VALIDATION_FAILED', async () => {
    await expectRefused('/v1/clients', '{"clientName":"P","email":"p@b.hn","__proto__":{"isAdmin":true}}', 400, 'VALIDATION_FAILED');
  });

  it.each(['application/json; charset=UTF-8', 'Application/JSON; Charset="utf8"'])(
    'accepts %s and a body at the limits',
    async (contentType) => {
      const res = await t.http
        .post('/v1/clients')
        .set(acme.auth)
        .set('Content-Type', contentType)
        .send(
          JSON.stringify({
            clientName: `Límite ${contentType.length}`,
            email: `limite${contentType.length}@b.hn`,
            address: 'x'.repeat(255),
          }),
        );
      expect(res.status).toBe(201);
    },
  );

  it('answers 401 before looking at the body or its media type', async () => {
    const res = await t.http.post('/v1/clients').set('Content-Type', 'text/plain').send(nestedArrays(50_000));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('MISSING_API_KEY');
  });
});
