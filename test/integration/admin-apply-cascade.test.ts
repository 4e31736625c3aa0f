import { CaiRange, EmissionPoint, Establishment, PriceList, ProductPrice } from '../../src/entities';
import type { SetupDocument } from '../../src/services/company';
import { runAdmin } from '../support/run-admin';
import { uniqueCode } from '../support/factories';
import { exampleDocument, writeSetupFile } from '../support/setup-apply';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** A sale of the example setup's mapped products. */
const CART = {
  items: [
    { externalProductId: 'SKU-1', quantity: 1 },
    { externalProductId: 'SKU-2', quantity: 2 },
  ],
};

/** `deleted: true` on an establishment or emission point closes what is nested under it. */
describe('admin apply: deleted cascades to nested entries', () => {
  let t: TestApp;
  let keys = 0;
  const apply = (doc: SetupDocument) => runAdmin(t.config.databaseUrl, ['apply', writeSetupFile(doc)]);
  const issue = (auth: { Authorization: string }) => t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', `c-${++keys}`).send(CART);
  const numbering = async (code: string) => {
    const em = t.orm.em.fork();
    const establishment = await em.findOneOrFail(Establishment, { company: { code }, code: '000' });
    const point = await em.findOneOrFail(EmissionPoint, { establishment, code: '001' });
    const range = await em.findOneOrFail(CaiRange, { emissionPoint: point });
    return { establishment, point, range };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('closes an emission point and its ranges when only the point is marked deleted; the API then answers 409 INTEGRATION_EMISSION_POINT_NOT_FOUND', async () => {
    const code = uniqueCode('Q');
    const { auth } = await setUpCompany(t, exampleDocument(code));
    expect((await issue(auth)).status).toBe(201);

    // The file exactly as applied, but for the one flag (its range and the integration unchanged).
    const closed = exampleDocument(code);
    closed.establishments![0].emissionPoints![0] = { ...closed.establishments![0].emissionPoints![0], deleted: true } as never;
    const run = await apply(closed);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      `applied ${code}: 0 created, 0 updated, 1 deleted\ndelete establishments[0].emissionPoints[0] (emission point 000-001)\n`,
    );
    const after = await numbering(code);
    expect(after.point.deletedAt).toBeInstanceOf(Date);
    expect(after.range.deletedAt).toEqual(after.point.deletedAt);
    expect(after.establishment.deletedAt).toBeNull();

    for (const path of ['/v1/invoices', '/v1/invoices/preview']) {
      const res = await t.http.post(path).set(auth).set('Idempotency-Key', `c-${++keys}`).send(CART);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'INTEGRATION_EMISSION_POINT_NOT_FOUND', message: expect.any(String) });
    }

    // Repeatable: the same file again changes nothing.
    expect((await apply(closed)).stdout).toBe(`applied ${code}: 0 created, 0 updated, 0 deleted\n`);

    // Listing the point (and its range) live again reopens both; numbering goes on where it stopped.
    expect((await apply(exampleDocument(code))).code).toBe(0);
    const reopened = await numbering(code);
    expect([reopened.point.deletedAt, reopened.range.deletedAt]).toEqual([null, null]);
    const res = await issue(auth);
    expect(res.status).toBe(201);
    expect(res.body.invoiceNumber).toBe(2);
  });

  it('closes an establishment, its emission points and their ranges with one flag', async () => {
    const code = uniqueCode('Q');
    const { auth } = await setUpCompany(t, exampleDocument(code));
    const closed = exampleDocument(code);
    closed.establishments![0] = { ...closed.establishments![0], deleted: true } as never;
    const run = await apply(closed);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const after = await numbering(code);
    expect(after.establishment.deletedAt).toBeInstanceOf(Date);
    expect(after.point.deletedAt).toEqual(after.establishment.deletedAt);
    expect(after.range.deletedAt).toEqual(after.establishment.deletedAt);
    const res = await issue(auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INTEGRATION_EMISSION_POINT_NOT_FOUND');
  });

  it('accepts a deleted price list that still lists its prices, writing none of them', async () => {
    const code = uniqueCode('Q');
    await setUpCompany(t, exampleDocument(code));
    const doc = exampleDocument(code);
    doc.priceLists![0] = { ...doc.priceLists![0], deleted: true } as never;
    doc.integration = { ...doc.integration, priceList: null };
    const run = await apply(doc);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const em = t.orm.em.fork();
    const list = await em.findOneOrFail(PriceList, { company: { code }, code: 'GENERAL' });
    expect(list.deletedAt).toBeInstanceOf(Date);
    expect(await em.count(ProductPrice, { priceList: list })).toBeGreaterThan(0);
  });

  it('still refuses an integration naming an emission point that never existed', async () => {
    const code = uniqueCode('Q');
    const doc = exampleDocument(code);
    doc.integration = { ...doc.integration, emissionPoint: '000-009' };
    const run = await apply(doc);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: integration.emissionPoint: unknown emission point 000-009\n');
  });
});
