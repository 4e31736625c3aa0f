import { CaiRange, IdempotencyRecord, Invoice } from '../../src/entities';
import { printedInvoiceOf } from '../../src/services/sales/invoicing/printed-invoice';
import { InvoiceReader } from '../../src/services/sales';
import { createTestApp, TestApp } from '../support/test-app';
import { caiRangeData, companyCai, inContext, productData, sellingCompany, SellingCompanyData } from '../support/factories';
import { expectError } from '../support/expect-error';
import { runAdmin } from '../support/run-admin';
import { applySetup, ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';

/** A company selling rice at 100.00 (ISV 15 %) and beer at 35.50 (ISV 18 %) less PROMO10's 10 %. */
const issuingCompany = (overrides: SellingCompanyData = {}) =>
  sellingCompany({
    products: [
      productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
      productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
    ],
    discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
    ...overrides,
  });

const CART = {
  items: [
    { externalProductId: 'SKU-ARROZ', quantity: 2 },
    { externalProductId: 'SKU-CERVEZA', quantity: 3 },
  ],
};
// 200.00 at 15 % -> 30.00; 106.50 - 10.65 = 95.85 at 18 % -> 17.253 -> 17.25; total 295.85 + 47.25 = 343.10

/** The company whose only emission point has the given CAI ranges. */
const setupWithRanges = (caiRanges: CaiRangeSpec[]) => issuingCompany({ emissionPoints: [{ code: '001', caiRanges }] });

describe('POST /v1/invoices', () => {
  let t: TestApp;
  let acme: ReadyCompany;
  let keySeq = 0;
  const newKey = () => `order-${Date.now()}-${++keySeq}`;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t, issuingCompany());
  });
  afterAll(() => t.close());

  const issue = (body: unknown, key: string | null = newKey(), company = acme) => {
    const req = t.http.post('/v1/invoices').set(company.auth);
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const countRows = async () => ({
    invoices: await t.orm.em.fork().count(Invoice, {}),
    records: await t.orm.em.fork().count(IdempotencyRecord, {}),
  });

  it('issues an invoice with the next number of the CAI range, every field of the Invoice resource', async () => {
    const res = await issue({ ...CART, purchaseOrderNumber: 'OC-1' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      invoiceNumber: 1,
      fiscalNumber: '000-001-01-00000001',
      cai: companyCai(acme.code),
      invoiceDate: expect.any(String),
      clientId: null,
      buyer: null,
      purchaseOrderNumber: 'OC-1',
      exemptPurchaseOrderNumber: null,
      importe: 306.5,
      discountTotal: 10.65,
      exemptedAmount: 0,
      exoneratedAmount: 0,
      totalTaxes: 47.25,
      total: 343.1,
      totalInLetters: 'TRESCIENTOS CUARENTA Y TRES LEMPIRAS CON 10/100',
      appliedDollarExchangeRate: null,
      isPaid: true,
      isAnnulled: false,
      taxBreakdown: [
        { rate: 15, taxAmount: 30, taxedAmount: 200 },
        { rate: 18, taxAmount: 17.25, taxedAmount: 95.85 },
      ],
      lines: [
        { externalProductId: 'SKU-ARROZ', quantity: 2, unitPrice: 100, importe: 200, discountAmount: 0, subTotal: 200, exemptAmount: null },
        {
          externalProductId: 'SKU-CERVEZA',
          quantity: 3,
          unitPrice: 35.5,
          importe: 106.5,
          discountAmount: 10.65,
          subTotal: 95.85,
          exemptAmount: null,
        },
      ],
      replayed: false,
      pdfBase64: null, // no LibreOffice in this file: the invoice stands without its PDF
    });
  });

  it('logs what services say during the request with its request id', async () => {
    const res = await t.http
      .post('/v1/invoices')
      .set(acme.auth)
      .set('Idempotency-Key', newKey())
      .set('X-Request-Id', 'erp-req-42')
      .send(CART);
    expect(res.status).toBe(201);
    const warning = t.logs.entries().find((e) => e.msg === 'PDF rendering failed' && e.requestId === 'erp-req-42');
    expect(warning).toMatchObject({ level: 40, reason: 'unavailable' });
    expect(
      t.logs
        .entries()
        .filter((e) => e.requestId === 'erp-req-42')
        .map((e) => e.msg),
    ).toEqual(['PDF rendering failed', 'request']);
  });

  it('gives consecutive numbers', async () => {
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await issue(CART)).body.invoiceNumber);
    expect(numbers[1]).toBe(numbers[0] + 1);
    expect(numbers[2]).toBe(numbers[0] + 2);
  });

  it('answers GET with the same invoice, replayed false and pdfBase64 null', async () => {
    const posted = await issue({ ...CART, clientId: null, purchaseOrderNumber: 'OC-GET' });
    const got = await t.http.get(`/v1/invoices/${posted.body.id}`).set(acme.auth);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ...posted.body, replayed: false, pdfBase64: null });
  });

  it('answers GET of a 1,000-line invoice with every line in order, as POST answered it', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({
      externalProductId: i % 2 === 0 ? 'SKU-ARROZ' : 'SKU-CERVEZA',
      quantity: i + 1,
    }));
    // A sale this large names an identified buyer (the final-consumer limit).
    const buyer = await t.http
      .post('/v1/clients')
      .set(acme.auth)
      .send({ clientName: 'Mayorista Lempira', email: 'm@l.hn', legalId: '08019011113333' });
    expect(buyer.status).toBe(201);
    const posted = await issue({ items, clientId: buyer.body.id });
    expect(posted.status).toBe(201);
    const got = await t.http.get(`/v1/invoices/${posted.body.id}`).set(acme.auth);
    expect(got.status).toBe(200);
    expect(got.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual(items.map((i) => i.quantity));
    expect(got.body).toEqual({ ...posted.body, replayed: false, pdfBase64: null });
  });

  describe('Idempotency-Key', () => {
    it.each([
      ['missing', null],
      ['empty', ''],
      ['blank', '   '],
    ])('answers 400 MISSING_IDEMPOTENCY_KEY when %s, issuing nothing', async (_name, key) => {
      const before = await countRows();
      expectError(await issue(CART, key), 400, 'MISSING_IDEMPOTENCY_KEY');
      expect(await countRows()).toEqual(before);
    });

    it('accepts 255 characters and refuses 256 with VALIDATION_FAILED', async () => {
      expect((await issue(CART, 'k'.repeat(255))).status).toBe(201);
      expectError(await issue(CART, 'k'.repeat(256)), 400, 'VALIDATION_FAILED');
    });

    it('replays the original invoice when the same key and body arrive again', async () => {
      const key = newKey();
      const first = await issue(CART, key);
      const before = await countRows();
      const again = await issue(CART, key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ ...first.body, replayed: true });
      expect(await countRows()).toEqual(before);
    });

    it('replays a body whose JSON keys come in another order and spacing', async () => {
      const key = newKey();
      const first = await issue({ purchaseOrderNumber: 'OC-9', items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] }, key);
      const reordered = await t.http
        .post('/v1/invoices')
        .set(acme.auth)
        .set('Idempotency-Key', key)
        .set('Content-Type', 'application/json')
        .send('{ "items": [ { "quantity": 1, "externalProductId": "SKU-ARROZ" } ],\n  "purchaseOrderNumber": "OC-9" }');
      expect(reordered.status).toBe(201);
      expect(reordered.body.replayed).toBe(true);
      expect(reordered.body.id).toBe(first.body.id);
    });

    it('answers 409 IDEMPOTENCY_KEY_REQUEST_MISMATCH for a different body, consuming no number', async () => {
      const key = newKey();
      const first = await issue(CART, key);
      const before = await countRows();
      expectError(await issue({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }] }, key), 409, 'IDEMPOTENCY_KEY_REQUEST_MISMATCH');
      expect(await countRows()).toEqual(before);
      const next = await issue(CART);
      expect(next.body.invoiceNumber).toBe(first.body.invoiceNumber + 1);
    });

    it('binds nothing to a key whose request failed, so it can be retried once fixed', async () => {
      const key = newKey();
      const before = await countRows();
      expectError(await issue({ items: [{ externalProductId: 'SKU-NADA', quantity: 1 }] }, key), 400, 'PRODUCT_NOT_FOUND');
      expect(await countRows()).toEqual(before);
      const fixed = await issue(CART, key);
      expect(fixed.status).toBe(201);
      expect(fixed.body.replayed).toBe(false);
    });

    it('compares keys byte for byte: keys that differ only in case or accent issue two invoices', async () => {
      const lower = await issue(CART, 'ORD-x7Kq');
      const upper = await issue(CART, 'ORD-X7KQ');
      expect([lower.status, upper.status]).toEqual([201, 201]);
      expect(upper.body.replayed).toBe(false);
      expect(upper.body.invoiceNumber).toBe(lower.body.invoiceNumber + 1);
      // Each key still replays its own invoice, and only its own.
      const again = await issue(CART, 'ORD-X7KQ');
      expect(again.body).toMatchObject({ id: upper.body.id, replayed: true });
      const accented = await issue(CART, 'pedido-\u00e9');
      const plain = await issue(CART, 'pedido-e');
      expect(plain.body.replayed).toBe(false);
      expect(plain.body.id).not.toBe(accented.body.id);
    });

    it('keys are per company', async () => {
      const other = await setUpCompany(t, issuingCompany());
      const key = newKey();
      const mine = await issue(CART, key);
      const theirs = await issue(CART, key, other);
      expect(theirs.status).toBe(201);
      expect(theirs.body.replayed).toBe(false);
      expect(theirs.body.id).not.toBe(mine.body.id);
    });
  });

  describe('refusals', () => {
    it('validates the body as preview does', async () => {
      expectError(await issue({ items: [] }), 400, 'EXTERNAL_INVOICE_NO_ITEMS');
      expectError(await issue({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 0 }] }), 400, 'INVALID_NUMBER');
      expectError(await issue({ ...CART, isCredit: true }), 422, 'EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED');
      expectError(await issue({ ...CART, extra: 1 }), 400, 'VALIDATION_FAILED');
      expectError(await issue({ ...CART, clientId: 987654 }), 400, 'EXTERNAL_INVOICE_CLIENT_NOT_FOUND');
    });

    it('needs a payment terminal, and replays an earlier invoice after the terminal was removed', async () => {
      const setup = issuingCompany();
      const company = await setUpCompany(t, setup);
      const key = newKey();
      const original = await issue(CART, key, company);
      expect(original.status).toBe(201);

      await applySetup(t, { company: setup.company, paymentTerminals: [{ code: 'CAJA1', deleted: true }] });
      expectError(await issue(CART, newKey(), company), 409, 'INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND');
      const replay = await issue(CART, key, company);
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual({ ...original.body, replayed: true });

      await applySetup(t, { company: setup.company, integration: { paymentTerminal: null } });
      expectError(await issue(CART, newKey(), company), 409, 'INTEGRATION_MISSING_PAYMENT_TERMINAL');
      expect((await issue(CART, key, company)).body.replayed).toBe(true);
    });

    it('moves to the next range when one is exhausted, then answers CAI_RANGE_EXHAUSTED', async () => {
      const company = await setUpCompany(
        t,
        setupWithRanges([
          { cai: 'AAAAAA-111111-AAAAAA-111111-AAAAAA-11', rangeStart: 1, rangeEnd: 2, deadline: '2099-12-31' },
          { cai: 'BBBBBB-222222-BBBBBB-222222-BBBBBB-22', rangeStart: 500, rangeEnd: 501, deadline: '2099-12-31' },
        ]),
      );
      const issued = [];
      for (let i = 0; i < 4; i++) issued.push((await issue(CART, newKey(), company)).body);
      expect(issued.map((b) => [b.invoiceNumber, b.cai])).toEqual([
        [1, 'AAAAAA-111111-AAAAAA-111111-AAAAAA-11'],
        [2, 'AAAAAA-111111-AAAAAA-111111-AAAAAA-11'],
        [500, 'BBBBBB-222222-BBBBBB-222222-BBBBBB-22'],
        [501, 'BBBBBB-222222-BBBBBB-222222-BBBBBB-22'],
      ]);
      const before = await countRows();
      expectError(await issue(CART, newKey(), company), 409, 'CAI_RANGE_EXHAUSTED');
      expect(await countRows()).toEqual(before);
    });

    it('answers CAI_EXPIRED when the only ranges with numbers left are past their deadline', async () => {
      const company = await setUpCompany(
        t,
        setupWithRanges([{ cai: 'CCCCCC-333333-CCCCCC-333333-CCCCCC-33', rangeStart: 1, rangeEnd: 100, deadline: '2024-01-31' }]),
      );
      expectError(await issue(CART, newKey(), company), 409, 'CAI_EXPIRED');
      const range = await t.orm.em.fork().findOneOrFail(CaiRange, { cai: 'CCCCCC-333333-CCCCCC-333333-CCCCCC-33' });
      expect(range.nextNumber).toBe(1);
    });

    it('skips an expired range for a later valid one', async () => {
      const company = await setUpCompany(
        t,
        setupWithRanges([
          { cai: 'DDDDDD-444444-DDDDDD-444444-DDDDDD-44', rangeStart: 1, rangeEnd: 100, deadline: '2024-01-31' },
          { cai: 'EEEEEE-555555-EEEEEE-555555-EEEEEE-55', rangeStart: 101, rangeEnd: 200, deadline: '2099-01-31' },
        ]),
      );
      const res = await issue(CART, newKey(), company);
      expect([res.body.invoiceNumber, res.body.cai]).toEqual([101, 'EEEEEE-555555-EEEEEE-555555-EEEEEE-55']);
    });

    it('answers CAI_RANGE_EXHAUSTED when the emission point has only a credit note range', async () => {
      const company = await setUpCompany(
        t,
        setupWithRanges([
          {
            cai: 'FFFFFF-666666-FFFFFF-666666-FFFFFF-66',
            rangeStart: 1,
            rangeEnd: 100,
            deadline: '2099-12-31',
            documentType: 'creditNote',
          },
        ]),
      );
      expectError(await issue(CART, newKey(), company), 409, 'CAI_RANGE_EXHAUSTED');
      const range = await t.orm.em.fork().findOneOrFail(CaiRange, { cai: 'FFFFFF-666666-FFFFFF-666666-FFFFFF-66' });
      expect(range.nextNumber).toBe(1);
    });

    it('takes the invoice range, not a lower credit or debit note range of the same emission point', async () => {
      const company = await setUpCompany(
        t,
        setupWithRanges([
          {
            cai: 'GGGGGG-777777-GGGGGG-777777-GGGGGG-77',
            rangeStart: 1,
            rangeEnd: 100,
            deadline: '2099-12-31',
            documentType: 'creditNote',
          },
          { cai: 'HHHHHH-888888-HHHHHH-888888-HHHHHH-88', rangeStart: 500, rangeEnd: 600, deadline: '2099-12-31', documentType: 'invoice' },
          { cai: 'IIIIII-999999-IIIIII-999999-IIIIII-99', rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31', documentType: 'debitNote' },
        ]),
      );
      const res = await issue(CART, newKey(), company);
      expect([res.body.invoiceNumber, res.body.fiscalNumber, res.body.cai]).toEqual([
        500,
        '000-001-01-00000500',
        'HHHHHH-888888-HHHHHH-888888-HHHHHH-88',
      ]);
      const ranges = await t.orm.em
        .fork()
        .find(CaiRange, { cai: { $in: ['GGGGGG-777777-GGGGGG-777777-GGGGGG-77', 'IIIIII-999999-IIIIII-999999-IIIIII-99'] } });
      expect(ranges.map((r) => r.nextNumber)).toEqual([1, 1]);
    });
  });

  describe('GET /v1/invoices/{id}', () => {
    it('answers another company’s invoice, a missing id and a non-numeric id with the same 404', async () => {
      const mine = await issue(CART);
      const other = await setUpCompany(t, issuingCompany());
      for (const [path, company] of [
        [`/v1/invoices/${mine.body.id}`, other],
        ['/v1/invoices/99999999', acme],
        ['/v1/invoices/abc', acme],
        ['/v1/invoices/1.5', acme],
        [`/v1/invoices/${mine.body.id}/pdf`, other],
        ['/v1/invoices/abc/pdf', acme],
      ] as const) {
        expectError(await t.http.get(path).set(company.auth), 404, 'EXTERNAL_INVOICE_NOT_FOUND');
      }
    });

    it('needs a key', async () => {
      expectError(await t.http.get('/v1/invoices/1'), 401, 'MISSING_API_KEY');
      expectError(await t.http.get('/v1/invoices/1/pdf'), 401, 'MISSING_API_KEY');
    });

    it('answers GET /pdf with a retryable 503 when no PDF can be rendered', async () => {
      const mine = await issue(CART);
      expectError(await t.http.get(`/v1/invoices/${mine.body.id}/pdf`).set(acme.auth), 503, 'PDF_RENDER_FAILED');
    });

    it('shows an annulment made with the operator CLI', async () => {
      const mine = await issue(CART);
      const run = await runAdmin(t.config.databaseUrl, [
        'invoice',
        'annul',
        '--reason',
        'error de emisión',
        '--company',
        acme.code,
        '--id',
        String(mine.body.id),
      ]);
      expect(run.code).toBe(0);
      const got = await t.http.get(`/v1/invoices/${mine.body.id}`).set(acme.auth);
      expect(got.body).toEqual({ ...mine.body, isAnnulled: true, pdfBase64: null });
    });
  });
});

describe('an issued invoice after the operator changes the setup', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prints the issuer and the CAI range as they were when it was issued', async () => {
    const range = caiRangeData({ rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' });
    const setup = issuingCompany({
      company: { name: 'Comercial Acme S. de R.L.', address: 'Col. Palmira, Tegucigalpa', phone: '+504 2222-0000' },
      establishment: { address: 'Col. Palmira' },
      emissionPoints: [{ code: '001', caiRanges: [range] }],
    });
    const company = await setUpCompany(t, setup);
    const issued = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'snap-1').send(CART);
    expect(issued.status).toBe(201);

    await applySetup(t, {
      company: { ...setup.company, name: 'Nuevo Nombre S.A.', address: 'Otra dirección', phone: '+504 9999-9999' },
      establishments: [
        { code: '000', address: 'Bodega nueva', emissionPoints: [{ code: '001', caiRanges: [{ ...range, deadline: '2098-01-15' }] }] },
      ],
    });

    const doc = await inContext(t.orm, async () =>
      printedInvoiceOf(await t.container.get(InvoiceReader).get(company.companyId, issued.body.id)),
    );
    expect(doc.issuer).toMatchObject({
      name: setup.company.name,
      address: setup.company.address,
      phone: setup.company.phone,
      rtn: setup.company.rtn,
    });
    expect(doc.issuer.establishment).toMatchObject({ address: 'Col. Palmira' });
    expect(doc).toMatchObject({ deadline: range.deadline, range: { from: '000-001-01-00000001', to: '000-001-01-00005000' } });
  });
});
