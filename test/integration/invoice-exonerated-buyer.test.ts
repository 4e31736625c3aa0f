import { CaiRange, Client, Invoice } from '../../src/entities';
import { expectError } from '../support/expect-error';
import { clientData, productData, sellingCompany } from '../support/factories';
import { readPdf } from '../support/pdf-reader';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Company = ReadyCompany;

/** The labels Acuerdo 481-2017 Art. 10 num. 8 gives the exonerated buyer's three references. */
const OCE_LABEL = 'No. correlativo de la Orden de Compra Exenta:';
const CERTIFICATE_LABEL = 'No. correlativo de la Constancia del Registro de Exonerados:';
const SAG_LABEL = 'No. identificativo del Registro de la SAG:';
const PRODUCTS = [productData({ code: 'ARROZ', price: 100, isvRate: 15 })];
const ITEM = { externalProductId: 'SKU-ARROZ', quantity: 1 }; // L 100.00 at 15 %

/**
 * The exonerated buyer (Art. 10 num. 8 and Art. 11 num. 4): the per-sale exempt purchase order,
 * the client's certificate and its Registro SAG number, stored as issued and printed labelled.
 */
describe('exonerated buyer references', () => {
  let t: TestApp;
  let acme: Company;
  let exoneratedCompany: Company;
  let clientIds: Record<string, number>;
  let identifiedClientOfExonerated: number;
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp({ pdf: true });
    acme = await setUpCompany(
      t,
      sellingCompany({
        products: PRODUCTS,
        clients: [
          clientData({
            code: 'CLI-ONG',
            legalId: '08019000000001',
            exoneration: { certificate: 'EXO-2026-0001', validUntil: '2099-06-30' },
          }),
          clientData({
            code: 'CLI-EXPIRED',
            legalId: '08019000000002',
            exoneration: { certificate: 'EXO-2019-0009', validUntil: '2020-01-01' },
          }),
          clientData({
            code: 'CLI-SAG',
            legalId: '08019000000003',
            exoneration: { sagRegistry: 'SAG-RE-2026-0456', validUntil: '2099-06-30' },
          }),
        ],
      }),
    );
    const clients = await t.orm.em.fork().find(Client, { company: { code: acme.code } });
    clientIds = Object.fromEntries(clients.map((c) => [c.code, c.id]));
    exoneratedCompany = await setUpCompany(t, sellingCompany({ products: PRODUCTS, integration: { exoneratedSales: true } }));
    const res = await t.http
      .post('/v1/clients')
      .set(exoneratedCompany.auth)
      .send({ clientName: 'Embajada', email: 'e@e.hn', legalId: '08019000000099' });
    identifiedClientOfExonerated = res.body.id;
  }, 120_000);
  afterAll(() => t.close());

  const issue = (company: Company, body: object) =>
    t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `exo-${++keySeq}`).send(body);
  const preview = (company: Company, body: object) => t.http.post('/v1/invoices/preview').set(company.auth).send(body);
  const pdfText = (res: { body: { pdfBase64: string } }) => readPdf(Buffer.from(res.body.pdfBase64, 'base64')).text;
  const nextNumbers = async (company: Company) =>
    (await t.orm.em.fork().find(CaiRange, { emissionPoint: { establishment: { company: { code: company.code } } } })).map(
      (r) => r.nextNumber,
    );
  const expectRefusal = async (company: Company, body: object, status: number, code: string) => {
    const before = await nextNumbers(company);
    for (const res of [await preview(company, body), await issue(company, body)]) {
      expectError(res, status, code);
    }
    expect(await nextNumbers(company)).toEqual(before);
  };

  it('issues an exonerated sale with its exempt purchase order: echoed trimmed by POST and GET, stored, and printed with the certificate', async () => {
    const res = await issue(acme, {
      clientId: clientIds['CLI-ONG'],
      purchaseOrderNumber: 'OC-77',
      exemptPurchaseOrderNumber: '  OCE-2026-000123 ',
      items: [ITEM],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      purchaseOrderNumber: 'OC-77',
      exemptPurchaseOrderNumber: 'OCE-2026-000123',
      exoneratedAmount: 100,
      totalTaxes: 0,
      total: 100,
    });
    const read = await t.http.get(`/v1/invoices/${res.body.id}`).set(acme.auth);
    expect(read.body).toMatchObject({ purchaseOrderNumber: 'OC-77', exemptPurchaseOrderNumber: 'OCE-2026-000123' });

    const text = pdfText(res);
    expect(text).toContain(`${OCE_LABEL} OCE-2026-000123`);
    expect(text).toContain(`${CERTIFICATE_LABEL} EXO-2026-0001`);
    expect(text).toContain(SAG_LABEL);
    expect(text).toContain('Orden de compra No.: OC-77');

    const row = await t.orm.em.fork().findOneOrFail(Invoice, res.body.id);
    expect(row).toMatchObject({
      exemptPurchaseOrderNumber: 'OCE-2026-000123',
      exonerationCertificate: 'EXO-2026-0001',
      exonerationSagRegistry: null,
    });
  });

  it('issues an exonerated sale to a client that has only a Registro SAG number, printing it and keeping it as issued', async () => {
    const res = await issue(acme, { clientId: clientIds['CLI-SAG'], items: [ITEM] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ exemptPurchaseOrderNumber: null, exoneratedAmount: 100, totalTaxes: 0 });
    expect(pdfText(res)).toContain(`${SAG_LABEL} SAG-RE-2026-0456`);

    // The operator's later change of the client does not change the invoice.
    await t.orm.em.fork().nativeUpdate(Client, { id: clientIds['CLI-SAG'] }, { exonerationSagRegistry: 'SAG-RE-2027-0001' });
    const row = await t.orm.em.fork().findOneOrFail(Invoice, res.body.id);
    expect(row).toMatchObject({
      exonerationSagRegistry: 'SAG-RE-2026-0456',
      exonerationCertificate: null,
      exemptPurchaseOrderNumber: null,
    });
    await t.orm.em.fork().nativeUpdate(Client, { id: clientIds['CLI-SAG'] }, { exonerationSagRegistry: 'SAG-RE-2026-0456' });
  });

  it('refuses an exonerated sale with no reference at all (exoneratedSales company, client without exoneration), consuming no number', async () => {
    await expectRefusal(
      exoneratedCompany,
      { clientId: identifiedClientOfExonerated, items: [ITEM] },
      400,
      'EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE',
    );
    const res = await issue(exoneratedCompany, {
      clientId: identifiedClientOfExonerated,
      exemptPurchaseOrderNumber: 'OCE-9',
      items: [ITEM],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ invoiceNumber: 1, exemptPurchaseOrderNumber: 'OCE-9', exoneratedAmount: 100 });
  });

  it('refuses an exempt purchase order on a sale that is not exonerated (400 INVALID_REQUEST): it does not make a sale exonerated', async () => {
    await expectRefusal(acme, { exemptPurchaseOrderNumber: 'OCE-1', items: [ITEM] }, 400, 'INVALID_REQUEST');
    await expectRefusal(
      acme,
      { clientId: clientIds['CLI-EXPIRED'], exemptPurchaseOrderNumber: 'OCE-1', items: [ITEM] },
      400,
      'INVALID_REQUEST',
    );
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['over 64 characters', 'O'.repeat(65)],
    ['over 64 characters after trimming', ` ${'O'.repeat(65)} `],
    ['not a string', 123],
  ])('refuses an exempt purchase order that is %s with 400 VALIDATION_FAILED', async (_, value) => {
    await expectRefusal(
      acme,
      { clientId: clientIds['CLI-ONG'], exemptPurchaseOrderNumber: value, items: [ITEM] },
      400,
      'VALIDATION_FAILED',
    );
  });

  it('accepts 64 characters, surrounding spaces aside', async () => {
    const res = await preview(acme, { clientId: clientIds['CLI-ONG'], exemptPurchaseOrderNumber: ` ${'O'.repeat(64)} `, items: [ITEM] });
    expect(res.status).toBe(200);
    expect(res.body.exemptPurchaseOrderNumber).toBe('O'.repeat(64));
  });

  it('labels the three references, with empty values, on an ordinary invoice and on a preview', async () => {
    const invoice = await issue(acme, { items: [ITEM] });
    const draft = await preview(acme, { items: [ITEM] });
    expect(invoice.status).toBe(201);
    expect(draft.status).toBe(200);
    for (const text of [pdfText(invoice), pdfText(draft)]) {
      // pdftotext reads each label straight after the previous one: no value between them.
      expect(text).toContain(`${OCE_LABEL} ${CERTIFICATE_LABEL} ${SAG_LABEL}`);
    }
    expect(draft.body).toMatchObject({ purchaseOrderNumber: null, exemptPurchaseOrderNumber: null });
  });
});
