import { IdempotencyRecord } from '../../src/entities';
import { IdempotencyStore } from '../../src/services/documents';
import { createTestApp, TestApp } from '../support/test-app';
import { CART, caiOf, issuedState, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany } from '../support/setup-fixtures';

type Company = { auth: { Authorization: string }; code: string };

/** Decision 14: a key is kept 24 hours (the default retention), then it is free again. */
describe('Idempotency-Key retention', () => {
  let t: TestApp;
  let company: Company;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    company = await setUpCompany(t, setupWithRanges([{ cai: caiOf('R'), rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' }]));
    companyId = (await issuedState(t.orm, company.code)).companyId;
  });
  afterAll(() => t.close());

  const issue = (key: string, body: object = CART) => t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', key).send(body);
  /** Moves records back in time, as if they had been written `hours` ago. */
  const age = (hours: number, where: string, params: unknown[]) =>
    t.orm.em
      .getConnection()
      .execute(`UPDATE idempotency_records SET created_at = created_at - INTERVAL ${hours} HOUR WHERE ${where}`, params);

  it('replays within the retention and issues a new invoice once the record is 25 hours old', async () => {
    const first = await issue('kept-then-forgotten');
    await age(23, 'company_id = ? AND idempotency_key = ?', [companyId, 'kept-then-forgotten']);
    const replay = await issue('kept-then-forgotten');
    expect(replay.body).toMatchObject({ id: first.body.id, replayed: true });

    await age(2, 'company_id = ? AND idempotency_key = ?', [companyId, 'kept-then-forgotten']);
    const fresh = await issue('kept-then-forgotten');
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ replayed: false, invoiceNumber: first.body.invoiceNumber + 1 });
    expect(fresh.body.id).not.toBe(first.body.id);

    // The key now belongs to the new invoice: it replays that one.
    const again = await issue('kept-then-forgotten');
    expect(again.body).toMatchObject({ id: fresh.body.id, replayed: true });
    const db = await issuedState(t.orm, company.code);
    expect(db.records.filter((r) => r.idempotencyKey === 'kept-then-forgotten').map((r) => r.documentId)).toEqual([fresh.body.id]);
  });

  it('takes an expired key with a different body as a new invoice, not a mismatch', async () => {
    await issue('expired-other-body');
    expect((await issue('expired-other-body', { items: [{ externalProductId: 'SKU-ARROZ', quantity: 9 }] })).status).toBe(409);
    await age(25, 'company_id = ? AND idempotency_key = ?', [companyId, 'expired-other-body']);
    const res = await issue('expired-other-body', { items: [{ externalProductId: 'SKU-ARROZ', quantity: 9 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ replayed: false, importe: 900 });
  });

  it('purges expired records in bounded batches of 500 and leaves live ones', async () => {
    const em = t.orm.em.fork();
    await em.nativeDelete(IdempotencyRecord, {});
    const now = Date.now();
    const rows = (count: number, prefix: string, ageHours: number) =>
      Array.from({ length: count }, (_, i) => ({
        company: companyId,
        scope: 'invoice' as const,
        idempotencyKey: `${prefix}-${i}`,
        fingerprint: 'f'.repeat(64),
        documentId: 1,
        createdAt: new Date(now - ageHours * 3_600_000 - i),
      }));
    await em.insertMany(IdempotencyRecord, [...rows(1_234, 'old', 25), ...rows(7, 'young', 23)]);
    const store = t.container.get(IdempotencyStore);
    const remaining = () => t.orm.em.fork().count(IdempotencyRecord, {});

    expect(await store.purgeExpired(new Date(now), 2)).toBe(1_000);
    expect(await remaining()).toBe(241);
    expect(await store.purgeExpired(new Date(now))).toBe(234);
    expect(await store.purgeExpired(new Date(now))).toBe(0);
    const left = await t.orm.em.fork().find(IdempotencyRecord, {}, { orderBy: { idempotencyKey: 'asc' } });
    expect(left.map((r) => r.idempotencyKey)).toEqual(Array.from({ length: 7 }, (_, i) => `young-${i}`));
  });
});
