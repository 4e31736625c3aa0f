import { CaiRange, Invoice } from '../../src/entities';
import { productData, sellingCompany } from '../support/factories';
import { ReadyCompany as Company, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** Milk, exempt, and rice, taxed at 15 %; every sale below supplies its price. */
const shop = () =>
  sellingCompany({ products: [productData({ code: 'LECHE', exempt: true }), productData({ code: 'ARROZ', isvRate: 15 })] });

/** An exempt line at a supplied price: the invoice total is exactly `price` lempiras. */
const saleOf = (price: number, extra: object = {}) => ({ items: [{ externalProductId: 'SKU-LECHE', quantity: 1, price }], ...extra });

/**
 * Acuerdo 481-2017 Art. 11 num. 2: above L 10,000.00 (FINAL_CONSUMER_ID_THRESHOLD) a sale must
 * name an identified buyer, on preview and issue alike, and a refusal takes no number.
 */
describe('final consumer above the threshold', () => {
  let t: TestApp;
  let acme: Company;
  let clientWithRtn: number;
  let clientWithoutRtn: number;
  let clientWithZeros: number;
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t, shop());
    clientWithRtn = (
      await t.http
        .post('/v1/clients')
        .set(acme.auth)
        .send({ clientName: 'Constructora Lempira', email: 'c@l.hn', legalId: '08019011112222' })
    ).body.id;
    clientWithoutRtn = (await t.http.post('/v1/clients').set(acme.auth).send({ clientName: 'Juan Pérez', email: 'j@p.hn' })).body.id;
    // Such a row can only predate the rule: the API refuses the number today.
    clientWithZeros = (
      await t.http.post('/v1/clients').set(acme.auth).send({ clientName: 'Cliente Antiguo', email: 'a@a.hn', legalId: '08019011113333' })
    ).body.id;
    await t.orm.em.getConnection().execute(`UPDATE clients SET legal_id = '00000000000000' WHERE id = ${clientWithZeros}`);
  });
  afterAll(() => t.close());

  const issue = (company: Company, body: object) =>
    t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `fc-${++keySeq}`).send(body);
  const preview = (company: Company, body: object) => t.http.post('/v1/invoices/preview').set(company.auth).send(body);
  const state = async (company: Company) => {
    const em = t.orm.em.fork();
    const ranges = await em.find(CaiRange, { emissionPoint: { establishment: { company: { code: company.code } } } });
    return { nextNumbers: ranges.map((r) => r.nextNumber), invoices: await em.count(Invoice, { company: { code: company.code } }) };
  };

  it('allows an anonymous sale of exactly L 10,000.00', async () => {
    expect((await preview(acme, saleOf(10000))).body).toMatchObject({ total: 10000, clientId: null });
    const res = await issue(acme, saleOf(10000));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 10000, clientId: null });
  });

  it.each([
    ['without a client', () => ({})],
    ['with a client that has no RTN', () => ({ clientId: clientWithoutRtn })],
    ['with a client stored before the rule with an RTN of fourteen zeros', () => ({ clientId: clientWithZeros })],
  ])('refuses L 10,000.01 %s on preview and issue, naming the threshold and taking no number', async (_, buyer) => {
    const before = await state(acme);
    for (const res of [await preview(acme, saleOf(10000.01, buyer())), await issue(acme, saleOf(10000.01, buyer()))]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'EXTERNAL_INVOICE_BUYER_ID_REQUIRED', message: expect.stringContaining('L 10,000.00') });
      expect(res.body.message).toContain('L 10,000.01');
    }
    expect(await state(acme)).toEqual(before);
  });

  it('issues L 10,000.01 to an identified client, with the very next number', async () => {
    const before = await state(acme);
    const res = await issue(acme, saleOf(10000.01, { clientId: clientWithRtn }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 10000.01, clientId: clientWithRtn });
    expect(res.body.invoiceNumber).toBe(before.nextNumbers[0]);
  });

  it('checks the total with taxes, not the taxable base', async () => {
    // 8,700.00 + 15 % ISV = 10,005.00
    const res = await preview(acme, { items: [{ externalProductId: 'SKU-ARROZ', quantity: 1, price: 8700 }] });
    expect(res.body).toMatchObject({ code: 'EXTERNAL_INVOICE_BUYER_ID_REQUIRED' });
  });

  describe('configured threshold', () => {
    let other: TestApp;
    let company: Company;

    beforeAll(async () => {
      other = await createTestApp({ env: { FINAL_CONSUMER_ID_THRESHOLD: '500.50' } });
      company = await setUpCompany(other, shop());
    });
    afterAll(() => other.close());

    it('uses FINAL_CONSUMER_ID_THRESHOLD and names it in the message', async () => {
      const allowed = await other.http.post('/v1/invoices/preview').set(company.auth).send(saleOf(500.5));
      expect(allowed.status).toBe(200);
      const refused = await other.http.post('/v1/invoices/preview').set(company.auth).send(saleOf(500.51));
      expect(refused.body).toEqual({ code: 'EXTERNAL_INVOICE_BUYER_ID_REQUIRED', message: expect.stringContaining('L 500.50') });
    });
  });

  describe('threshold 0', () => {
    let off: TestApp;
    let company: Company;

    beforeAll(async () => {
      off = await createTestApp({ env: { FINAL_CONSUMER_ID_THRESHOLD: '0' } });
      company = await setUpCompany(off, shop());
    });
    afterAll(() => off.close());

    it('turns the rule off', async () => {
      const res = await off.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'off-1').send(saleOf(250000));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ total: 250000, clientId: null });
    });
  });
});
