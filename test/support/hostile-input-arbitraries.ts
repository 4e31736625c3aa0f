import fc from 'fast-check';

/**
 * Generators of hostile requests for the fuzz test, one per class of input that once made the
 * service answer 500. Each case carries its class, so the test can show every class was reached.
 */
export interface HostileCase {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface FuzzTargets {
  auth: string;
  clientId: number;
  invoiceId: number;
  productIds: string[];
}

export const BODY_PATHS = ['/v1/clients', '/v1/invoices', '/v1/invoices/preview'] as const;

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Arrays and objects nested `depth` levels (mixed), around a scalar: the shape of a stack bomb. */
const deepNesting = fc
  .record({
    depth: fc.integer({ min: 9, max: 40_000 }),
    objects: fc.boolean(),
    mixed: fc.boolean(),
    inner: fc.constantFrom('1', '"x"', 'null', '[]', '{}'),
  })
  .map(({ depth, objects, mixed, inner }) => {
    let open = '';
    let close = '';
    for (let i = 0; i < depth; i += 1) {
      const asObject = mixed ? i % 2 === 0 : objects;
      open += asObject ? '{"a":' : '[';
      close = (asObject ? '}' : ']') + close;
    }
    return open + inner + close;
  });

const printable = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const CLIENT_FIELDS = ['clientName', 'email', 'legalId', 'phone', 'address'];
const INVOICE_FIELDS = ['clientId', 'invoiceDate', 'purchaseOrderNumber', 'isCredit', 'items'];
const ITEM_FIELDS = ['externalProductId', 'quantity', 'price'];

/** A body each endpoint would accept, as an object the other generators then spoil. */
function validBody(path: string, t: FuzzTargets, n: number): Record<string, unknown> {
  if (path === '/v1/clients') return { clientName: `Fuzz ${n}`, email: `fuzz${n}@example.hn` };
  return { items: [{ externalProductId: t.productIds[n % t.productIds.length], quantity: 1 + (n % 3) }] };
}

/** Replaces one field (top level or in the first line) of a valid body by the text `value`. */
function withField(path: string, t: FuzzTargets, n: number, field: string, value: string): string {
  const body = validBody(path, t, n);
  const marker = '"__HOSTILE__"';
  if (ITEM_FIELDS.includes(field) && path !== '/v1/clients') {
    (body.items as Record<string, unknown>[])[0][field] = '__HOSTILE__';
  } else {
    body[field] = '__HOSTILE__';
  }
  return JSON.stringify(body).replace(marker, value);
}

export function hostileCases(t: FuzzTargets): fc.Arbitrary<HostileCase> {
  const auth = { Authorization: `Bearer ${t.auth}` };
  const withKey = (headers: Record<string, string>, n: number) => ({ ...auth, 'Idempotency-Key': `fuzz-${n}`, ...headers });
  const bodyPath = fc.constantFrom(...BODY_PATHS);
  const fieldOf = (path: string) => (path === '/v1/clients' ? CLIENT_FIELDS : [...INVOICE_FIELDS, ...ITEM_FIELDS]);
  const n = fc.nat();

  const deepBody = fc
    .tuple(bodyPath, deepNesting, n)
    .map(([path, body, i]): HostileCase => ({ kind: 'deep-body', method: 'POST', path, headers: withKey(JSON_TYPE, i), body }));

  const deepField = fc.tuple(bodyPath, deepNesting, n, fc.nat()).map(([path, nested, i, f]): HostileCase => {
    const fields = fieldOf(path);
    return {
      kind: 'deep-field',
      method: 'POST',
      path,
      headers: withKey(JSON_TYPE, i),
      body: withField(path, t, i, fields[f % fields.length], nested),
    };
  });

  const duplicateKeys = fc
    .tuple(
      bodyPath,
      fc.oneof(
        deepNesting,
        fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
      ),
      n,
    )
    .map(([path, second, i]): HostileCase => {
      const valid = JSON.stringify(validBody(path, t, i));
      const key = path === '/v1/clients' ? 'email' : 'items';
      return {
        kind: 'duplicate-keys',
        method: 'POST',
        path,
        headers: withKey(JSON_TYPE, i),
        body: `${valid.slice(0, -1)},"${key}":${second}}`,
      };
    });

  const contentType = fc
    .tuple(
      bodyPath,
      fc.oneof(
        fc.constantFrom(
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'application/json; charset=UTF-16LE',
          'application/json; charset=iso-8859-1',
          'application/vnd.api+json',
          'application/merge-patch+json',
          'text/plain',
          'text/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=',
          'application/json;;',
          'json',
          '*/*',
          '',
          'application/json; charset="utf-8"',
          'APPLICATION/JSON',
        ),
        printable(80),
      ),
      n,
    )
    .map(([path, type, i]): HostileCase => ({
      kind: 'content-type',
      method: 'POST',
      path,
      headers: withKey({ 'Content-Type': type }, i),
      body: JSON.stringify(validBody(path, t, i)),
    }));

  const longStrings = fc
    .tuple(bodyPath, fc.integer({ min: 256, max: 120_000 }), fc.constantFrom('x', 'ñ', '\\u0000', '😀', ' '), n, fc.nat(), fc.boolean())
    .map(([path, length, unit, i, f, asKey]): HostileCase => {
      const fields = fieldOf(path);
      const text = unit.repeat(Math.ceil(length / Math.max(unit.length, 1)));
      const body = asKey ? `{"${text}":1}` : withField(path, t, i, fields[f % fields.length], `"${text}"`);
      return { kind: 'long-strings', method: 'POST', path, headers: withKey(JSON_TYPE, i), body };
    });

  const manyItems = fc
    .tuple(
      fc.constantFrom('/v1/invoices', '/v1/invoices/preview'),
      fc.integer({ min: 100, max: 1500 }),
      fc.constantFrom('valid', 'unknown', 'mixed', 'priced'),
      n,
    )
    .map(([path, count, flavour, i]): HostileCase => {
      const line = (k: number) => {
        const product = flavour === 'unknown' || (flavour === 'mixed' && k % 7 === 3) ? `NOPE-${k}` : t.productIds[k % t.productIds.length];
        return JSON.stringify({ externalProductId: product, quantity: 1, ...(flavour === 'priced' ? { price: 0.5 } : {}) });
      };
      return {
        kind: 'many-items',
        method: 'POST',
        path,
        headers: withKey(JSON_TYPE, i),
        body: `{"items":[${Array.from({ length: count }, (_, k) => line(k)).join(',')}]}`,
      };
    });

  const randomJson = fc
    .tuple(
      bodyPath,
      fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...CLIENT_FIELDS, ...INVOICE_FIELDS, ...ITEM_FIELDS, 'x'), fc.jsonValue())),
      n,
    )
    .map(([path, value, i]): HostileCase => ({
      kind: 'random-json',
      method: 'POST',
      path,
      headers: withKey(JSON_TYPE, i),
      body: JSON.stringify(value) ?? 'null',
    }));

  const badBytes = fc
    .tuple(
      bodyPath,
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        fc.constantFrom(
          Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
          Buffer.from('{"clientName":"Pe\xf1a"}', 'latin1'),
          Buffer.from('\ufeff{}', 'utf8'),
          Buffer.from('{"items":[', 'utf8'),
          Buffer.from('   ', 'utf8'),
          Buffer.from('{"a":"\\ud800"}', 'utf8'),
          Buffer.from('{"a":1e999999}', 'utf8'),
        ),
        printable(300).map((text) => Buffer.from(text, 'utf8')),
      ),
      n,
    )
    .map(([path, body, i]): HostileCase => ({ kind: 'bad-bytes', method: 'POST', path, headers: withKey(JSON_TYPE, i), body }));

  const headerValue = fc.oneof(
    printable(40),
    printable(4000),
    fc.constantFrom(
      '',
      ' ',
      'Bearer',
      'Bearer ',
      `Bearer ${t.auth}x`,
      `bearer ${t.auth}`,
      `Basic ${t.auth}`,
      `Bearer  ${t.auth}`,
      'Bearer \t',
    ),
  );
  // Headers past Node's 16 KB in all, which the HTTP server refuses before the app sees them.
  const oversized = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.integer({ min: 16_500, max: 40_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
  );
  const hostileHeaders = fc
    .tuple(
      bodyPath,
      fc.record({
        Authorization: fc.option(headerValue, { nil: undefined }),
        'Idempotency-Key': fc.option(headerValue, { nil: undefined }),
        'X-Request-Id': fc.option(headerValue, { nil: undefined }),
        'X-Padding': oversized,
      }),
      fc.boolean(),
      n,
    )
    .map(([path, picked, keepKey, i]): HostileCase => {
      const headers: Record<string, string> = { ...JSON_TYPE, ...(keepKey ? auth : {}) };
      for (const [name, value] of Object.entries(picked)) if (value !== undefined) headers[name] = value;
      return { kind: 'headers', method: 'POST', path, headers, body: JSON.stringify(validBody(path, t, i)) };
    });

  // Dot segments are left out: URL parsing would resolve them to another path before the contract check.
  const segment = fc.oneof(
    printable(30)
      .map(encodeURIComponent)
      .filter((text) => !/^(\.|%2e)*$/i.test(text)),
    fc.constantFrom(String(t.invoiceId), '0', '-1', '1e3', '4294967296', '99999999999999999999', '%00', '.x.', '%E0%A4%A', '1.5', '%201'),
  );
  const params = fc.oneof(
    fc
      .tuple(
        fc.oneof(printable(20).map(encodeURIComponent), fc.constantFrom('1', '0', '2147483647', '2147483648', '-1', '1.0', '')),
        fc.oneof(printable(20).map(encodeURIComponent), fc.constantFrom('1', '50', '2147483648', 'x')),
        fc.constantFrom('page=%s&limit=%l', 'page=%s', 'limit=%l', 'page=%s&page=%l', 'page[]=%s&limit=%l', '%s=%l'),
      )
      .map(([page, limit, shape]): HostileCase => ({
        kind: 'params',
        method: 'GET',
        path: `/v1/clients?${shape.replace('%s', page).replace('%l', limit)}`,
        headers: auth,
      })),
    fc
      .tuple(segment, fc.constantFrom('', '/pdf', '/x', '/'))
      .map(([id, suffix]): HostileCase => ({ kind: 'params', method: 'GET', path: `/v1/invoices/${id}${suffix}`, headers: auth })),
    fc
      .tuple(
        fc.constantFrom('PUT', 'DELETE', 'PATCH', 'GET', 'POST'),
        fc.constantFrom(
          '/v1/health',
          '/v1/docs',
          '/v1/docs-yaml',
          '/v1/clients',
          '/v1/invoices',
          '/v1/invoices/preview',
          `/v1/invoices/${t.invoiceId}`,
          '/v1',
          '/',
          '/v2/clients',
        ),
        fc.boolean(),
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1'),
        fc.constantFrom(undefined, '{}', '[[[[[[[[[[[[]]]]]]]]]]]]'),
      )
      .map(([method, path, withAuth, type, body]): HostileCase => ({
        kind: 'params',
        method,
        path,
        headers: { ...(withAuth ? auth : {}), 'Content-Type': type },
        body,
      })),
  );

  return fc.oneof(deepBody, deepField, duplicateKeys, contentType, longStrings, manyItems, randomJson, badBytes, hostileHeaders, params);
}

export const CASE_KINDS = [
  'deep-body',
  'deep-field',
  'duplicate-keys',
  'content-type',
  'long-strings',
  'many-items',
  'random-json',
  'bad-bytes',
  'headers',
  'params',
];
