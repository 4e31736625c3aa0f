import { productData, sellingCompany } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** Totals whose expected values come from data written down in this file (factories with overrides). */
describe('totals from data built in the test', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('charges 15% ISV on a taxed product and nothing on an exempt one', async () => {
    const { auth } = await setUpCompany(
      t,
      sellingCompany({
        products: [productData({ code: 'P-TAXED', price: 100, isvRate: 15 }), productData({ code: 'P-FREE', price: 28, exempt: true })],
      }),
    );
    const res = await t.http
      .post('/v1/invoices/preview')
      .set(auth)
      .send({
        items: [
          { externalProductId: 'SKU-P-TAXED', quantity: 2 },
          { externalProductId: 'SKU-P-FREE', quantity: 1 },
        ],
      });
    expect(res.status).toBe(200);
    // 2 x 100 taxed at 15% = 200 + 30; 28 exempt.
    expect(res.body).toMatchObject({ total: 258, exemptedAmount: 28, taxBreakdown: [{ rate: 15, taxedAmount: 200, taxAmount: 30 }] });
  });

  it('numbers the first invoice with the range start given here', async () => {
    const { auth } = await setUpCompany(t, sellingCompany({ caiRange: { rangeStart: 41, rangeEnd: 50 } }));
    const res = await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', 'local-1')
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body.fiscalNumber).toBe('000-001-01-00000041');
    expect(res.body.total).toBe(115);
  });
});
