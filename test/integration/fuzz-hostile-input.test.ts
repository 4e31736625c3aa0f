import fc from 'fast-check';
import { ERROR_STATUS } from '../../src/domain/error-codes';
import { Product } from '../../src/entities';
import { apiContract } from '../support/contract/api-contract';
import { CASE_KINDS, hostileCases, HostileCase } from '../support/hostile-input-arbitraries';
import { listen, rawRequest } from '../support/raw-http';
import { productData, sellingCompany } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/** Cases per run: enough for every class to be met hundreds of times, small enough for CI. */
const RUNS = 3200;
/** Each class of hostile input must have been sent at least this often in a run. */
const MIN_PER_KIND = 150;

/**
 * Property-based fuzzing of every endpoint, over real HTTP against the real app and MariaDB:
 * whatever the body, headers or content type, the answer is never a 5xx, every non-2xx is
 * exactly {code, message} with the code's own status and is documented for its operation in the
 * served OpenAPI document, and a non-2xx writes no row.
 */
describe('hostile input never gets a 5xx', () => {
  let t: TestApp;
  let server: { port: number; close(): Promise<void> };
  let auth: string;
  let invoiceId: number;
  let productIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ pdf: true, contract: false, env: { RATE_LIMIT_PER_MINUTE: '0' } });
    // A catalog that reaches every pricing outcome: taxed, discounted, exempt, in USD, and each
    // refusal (a rate not allowed, no price, a past, inactive or malformed discount policy).
    const products = [
      productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
      productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
      productData({ code: 'LECHE', price: 28, exempt: true }),
      productData({ code: 'COMBO', price: 250, isvRate: 15, exemptPerUnit: 30 }),
      productData({ code: 'IMPORT', price: 10, currency: 'USD', isvRate: 15 }),
      productData({ code: 'RATE12', price: 10, isvRate: 12 }),
      productData({ code: 'NOPRICE', price: undefined }),
      productData({ code: 'OLD', price: 10, discountPolicy: 'OLD' }),
      productData({ code: 'OFF', price: 10, discountPolicy: 'OFF' }),
      productData({ code: 'BADPOL', price: 10, discountPolicy: 'BAD' }),
    ];
    const company = await setUpCompany(
      t,
      sellingCompany({
        company: { exchangeRate: 24.6512 },
        products,
        discountPolicies: [
          { code: 'PROMO10', percent: 10, active: true },
          { code: 'OLD', percent: 5, active: true, validFrom: '2020-01-01', validTo: '2020-12-31' },
          { code: 'OFF', percent: 5, active: false },
          { code: 'BAD', percent: 150, active: true },
        ],
      }),
    );
    auth = company.auth.Authorization.slice('Bearer '.length);
    productIds = products.map((p) => `SKU-${p.code}`);
    server = await listen(t.app);
    const issued = await rawRequest(server.port, {
      method: 'POST',
      path: '/v1/invoices',
      headers: { ...company.auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'fuzz-seed' },
      body: JSON.stringify({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] }),
    });
    expect(issued.status).toBe(201);
    invoiceId = issued.json().id;
    expect(await t.orm.em.fork().count(Product, {})).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await server?.close();
    await t.close();
  });

  it(`answers ${RUNS} hostile requests with no 5xx, an exact error body, and no write on refusal`, async () => {
    const byKind = new Map<string, number>();
    const byStatus = new Map<number, number>();
    const byKindAndStatus = new Map<string, number>();
    let baseline = await tableChecksums(t.orm);
    const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

    const property = fc.asyncProperty(hostileCases({ auth, clientId: 1, invoiceId, productIds }), async (c: HostileCase) => {
      const res = await rawRequest(server.port, c);
      count(byKind, c.kind);
      count(byStatus, res.status);
      count(byKindAndStatus, `${c.kind} ${res.status}`);
      const where = `${c.kind}: ${c.method} ${c.path.slice(0, 80)} -> ${res.status} ${res.text.slice(0, 200)}`;
      if (res.status >= 500) throw new Error(`5xx for ${where}`);
      if (res.status >= 200 && res.status < 300) {
        baseline = await tableChecksums(t.orm);
        return;
      }
      const body = res.json();
      const exact =
        body !== null &&
        typeof body === 'object' &&
        Object.keys(body).sort().join() === 'code,message' &&
        typeof body.message === 'string' &&
        body.message !== '';
      if (!exact) throw new Error(`not an exact {code, message} body: ${where}`);
      if (ERROR_STATUS[body.code as keyof typeof ERROR_STATUS] !== res.status)
        throw new Error(`code ${body.code} does not belong to status ${res.status}: ${where}`);
      // The router serves a path with one trailing slash as the path itself.
      const documentedPath = c.path.replace(/\/(?=$|\?)/, '');
      const undocumented = apiContract().problems(c.method, documentedPath, { status: res.status, headers: res.headers, body });
      if (undocumented.length > 0) throw new Error(`the answer is not the documented one (${undocumented.join('; ')}): ${where}`);
      const after = await tableChecksums(t.orm);
      if (after !== baseline) {
        baseline = after;
        throw new Error(`a refused request changed the database: ${where}`);
      }
    });
    await fc.assert(property, { numRuns: RUNS });

    const report = {
      cases: [...byKind.values()].reduce((a, b) => a + b, 0),
      byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
      byKind: Object.fromEntries([...byKind].sort()),
      byKindAndStatus: Object.fromEntries([...byKindAndStatus].sort()),
    };
    // The figures of the run, for whoever reads the CI log.
    process.stdout.write(`fuzz report: ${JSON.stringify(report)}\n`);
    expect(report.cases).toBeGreaterThanOrEqual(RUNS);
    for (const kind of CASE_KINDS) expect([kind, (byKind.get(kind) ?? 0) >= MIN_PER_KIND]).toEqual([kind, true]);
    // Every class met the guard meant for it, not only some other answer.
    expect(byKindAndStatus.get('content-type 400') ?? 0).toBeGreaterThan(0);
    expect(byKindAndStatus.get('headers 431') ?? 0).toBeGreaterThan(0);
    expect(byKindAndStatus.get('deep-body 400') ?? 0).toBeGreaterThan(0);
    expect(byKindAndStatus.get('deep-field 400') ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
