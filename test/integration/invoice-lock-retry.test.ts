import mysql from 'mysql2/promise';
import { createTestApp, TestApp } from '../support/test-app';
import { CART, caiOf, issuedState, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany } from '../support/setup-fixtures';
import { RETRY_LOG_MESSAGE } from '../../src/services/documents';

type Company = { auth: { Authorization: string }; code: string };

const RETRY_WARNING = RETRY_LOG_MESSAGE;

/** Polls `condition` every 20 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Lock waits inside the issuing transaction, made real: another connection holds the CAI range
 * rows FOR UPDATE (as an operator's transaction might) while the service, whose InnoDB lock wait
 * is 1 s, tries to take a number.
 */
describe('POST /v1/invoices while the CAI range rows are locked elsewhere', () => {
  let t: TestApp;
  let holder: mysql.Connection | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { DB_LOCK_WAIT_TIMEOUT_SECONDS: '1' } });
  });
  afterEach(async () => {
    await holder?.end();
    holder = undefined;
  });
  afterAll(() => t.close());

  const issue = (company: Company, key: string) => t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', key).send(CART);
  const retryWarnings = () => t.logs.entries().filter((e) => e.msg === RETRY_WARNING);

  /** Opens a transaction on its own connection that holds every range row of the company. */
  async function lockRanges(companyCode: string): Promise<mysql.Connection> {
    const conn = await mysql.createConnection(t.config.databaseUrl);
    await conn.query('BEGIN');
    const [rows] = await conn.query(
      'SELECT r.id FROM cai_ranges r JOIN emission_points p ON p.id = r.emission_point_id JOIN establishments e ON e.id = p.establishment_id JOIN companies c ON c.id = e.company_id WHERE c.code = ? FOR UPDATE',
      [companyCode],
    );
    expect(rows).toHaveLength(1);
    return conn;
  }

  async function newCompany(letter: string) {
    const company = await setUpCompany(t, setupWithRanges([{ cai: caiOf(letter), rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' }]));
    const first = await issue(company, `${letter}-warm-up`);
    expect(first.body.invoiceNumber).toBe(1);
    return company;
  }

  it('answers 503 with Retry-After after its bounded retries, leaving no invoice, no key and the number untouched; the key then works', async () => {
    const company = await newCompany('L');
    const before = await issuedState(t.orm, company.code);
    const warningsBefore = retryWarnings().length;

    holder = await lockRanges(company.code);
    const started = Date.now();
    // The lock is held until the service has given up: longer than all attempts together.
    const refused = await issue(company, 'held-key');
    const elapsed = Date.now() - started;
    await holder.query('COMMIT');

    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
    });
    expect(refused.headers['retry-after']).toBe('1');
    // 4 attempts, each waiting out the 1 s lock wait, with 3 retry warnings between them.
    expect(elapsed).toBeGreaterThanOrEqual(3_500);
    expect(
      retryWarnings()
        .slice(warningsBefore)
        .map((e) => [e.attempt, e.failure]),
    ).toEqual([1, 2, 3].map((n) => [n, 'lock-timeout']));

    const after = await issuedState(t.orm, company.code);
    expect(after.invoices.map((i) => i.id)).toEqual(before.invoices.map((i) => i.id));
    expect(after.records.map((r) => r.idempotencyKey)).toEqual(['L-warm-up']);
    expect(after.ranges.map((r) => r.nextNumber)).toEqual([2]);

    const retried = await issue(company, 'held-key');
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ replayed: false, invoiceNumber: 2 });
  });

  it('succeeds on a retry when the lock goes away after the first lock-wait timeout', async () => {
    const company = await newCompany('M');
    const warningsBefore = retryWarnings().length;

    holder = await lockRanges(company.code);
    const conn = holder;
    const started = Date.now();
    // then() sends the request now (supertest sends lazily) while this test keeps the lock.
    const pending = issue(company, 'briefly-held-key').then((r) => r);
    // Held just past the first attempt's 1 s lock wait: released once that attempt has timed out
    // and been retried, however slow the machine is to bring the request to the lock.
    await until(() => retryWarnings().length > warningsBefore, 10_000);
    await conn.query('COMMIT');
    const res = await pending;
    const elapsed = Date.now() - started;

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ replayed: false, invoiceNumber: 2 });
    // It waited out one 1 s lock wait, then got the lock on its second attempt.
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(retryWarnings().slice(warningsBefore)).toEqual([
      expect.objectContaining({ level: 40, attempt: 1, failure: 'lock-timeout', err: expect.stringMatching(/lock wait timeout/i) }),
    ]);
    const after = await issuedState(t.orm, company.code);
    expect(after.invoices.map((i) => i.invoiceNumber)).toEqual([1, 2]);
    expect(after.ranges.map((r) => r.nextNumber)).toEqual([3]);
  });

  it('issues on fresh connections after the server killed every pooled one', async () => {
    const company = await newCompany('K');
    const admin = await mysql.createConnection(t.config.databaseUrl);
    try {
      const [rows] = await admin.query('SELECT id FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()', [t.db.name]);
      const ids = (rows as { id: number }[]).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await admin.query(`KILL CONNECTION ${id}`);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 100));
    const res = await issue(company, 'after-kill');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ replayed: false, invoiceNumber: 2 });
  });
});
