import fs from 'node:fs';
import { hondurasDate } from '../../src/domain/calendar-date';
import { Client } from '../../src/entities';
import { clientData, DEMO_CAI, productData, sellingCompany } from '../support/factories';
import { isA4, readPdf, type ReadPdf, binaryBody } from '../support/pdf-reader';
import { runAdmin } from '../support/run-admin';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

/** The company whose every printed field and price the tests below read back. */
const ACME = sellingCompany({
  company: {
    name: 'Comercial Acme S. de R.L.',
    tradeName: 'Supermercado Acme',
    rtn: '08019999123456',
    address: 'Col. Palmira, Tegucigalpa',
    phone: '+504 2222-0000',
    email: 'facturas@acme.hn',
    exchangeRate: 24.6512,
  },
  establishment: { name: 'Casa matriz', address: 'Col. Palmira' },
  caiRange: { cai: DEMO_CAI, rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' },
  products: [
    productData({ code: 'P-ARROZ', externalProductId: 'SKU-ARROZ', name: 'Arroz clasificado 5 lb', price: 100, isvRate: 15 }),
    productData({
      code: 'P-CERVEZA',
      externalProductId: 'SKU-CERVEZA',
      name: 'Cerveza nacional 355 ml',
      price: 35.5,
      isvRate: 18,
      discountPolicy: 'PROMO10',
    }),
    productData({ code: 'P-LECHE', externalProductId: 'SKU-LECHE', name: 'Leche entera 1 l', price: 28, exempt: true }),
    productData({ code: 'P-COMBO', externalProductId: 'SKU-COMBO', name: 'Canasta mixta', price: 250, isvRate: 15, exemptPerUnit: 30 }),
    productData({ code: 'P-IMPORT', externalProductId: 'SKU-IMPORT', name: 'Aceite importado', price: 10, currency: 'USD', isvRate: 15 }),
  ],
  discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
  clients: [
    clientData({
      code: 'CLI-ONG',
      clientName: 'Fundación Ejemplo',
      legalId: '08019000000001',
      exoneration: { certificate: 'EXO-2026-0001', validUntil: '2099-06-30' },
    }),
  ],
});

const RANGE = 'del 000-001-01-00000001 al 000-001-01-00005000';
const COPY_LEGEND = 'Original: Cliente / Copia: Obligado tributario emisor';
const CONSUMIDOR_FINAL = 'CONSUMIDOR FINAL';

/** "DD/MM/YYYY" of today in Honduras, as the invoice prints its date. */
function todayPrinted(): string {
  const [year, month, day] = hondurasDate(new Date()).split('-');
  return `${day}/${month}/${year}`;
}

/** The totals block, label by label, as pdftotext -layout reads it (label, then its amount). */
function expectTotals(pdf: ReadPdf, totals: Record<string, string>): void {
  for (const [label, amount] of Object.entries(totals)) expect(pdf.text).toContain(`${label} ${amount}`);
}

describe('invoice PDFs (LibreOffice, read back with poppler)', () => {
  let t: TestApp;
  let acme: ReadyCompany;
  let templatesDir: string;
  let clientIds: Record<string, number>;
  let keySeq = 0;

  beforeAll(async () => {
    templatesDir = copyTemplatesDir();
    t = await createTestApp({ pdf: true, env: { TEMPLATES_DIR: templatesDir } });
    acme = await setUpCompany(t, ACME);
    const clients = await t.orm.em.fork().find(Client, { company: { code: acme.code } });
    clientIds = Object.fromEntries(clients.map((c) => [c.code, c.id]));
    const roble = await t.http
      .post('/v1/clients')
      .set(acme.auth)
      .send({ clientName: 'Inversiones El Roble S.A.', email: 'compras@roble.hn', legalId: '05019876543210' });
    clientIds.ROBLE = roble.body.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });

  /** Issues through POST /v1/invoices; returns the response body and its PDF read back. */
  const issue = async (body: object) => {
    const res = await t.http.post('/v1/invoices').set(acme.auth).set('Idempotency-Key', `pdf-${Date.now()}-${++keySeq}`).send(body);
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    return { invoice: res.body, pdf: readPdf(Buffer.from(res.body.pdfBase64, 'base64')) };
  };
  const getPdf = async (id: number) => {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(acme.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return readPdf(res.body as Buffer);
  };

  /** What every issued invoice of this company prints, whatever was sold. */
  const expectLegalFrame = (pdf: ReadPdf, fiscalNumber: string) => {
    expect(isA4(pdf)).toBe(true);
    for (const text of [
      'Comercial Acme S. de R.L.',
      'Supermercado Acme',
      'RTN: 08019999123456',
      'Casa matriz: Col. Palmira, Tegucigalpa',
      'Establecimiento 000 Casa matriz: Col. Palmira',
      'Tel.: +504 2222-0000',
      'Correo: facturas@acme.hn',
      'FACTURA',
      `No. ${fiscalNumber}`,
      `CAI: ${DEMO_CAI}`,
      'Rango autorizado:',
      RANGE,
      'Fecha límite de emisión: 31/12/2099',
      `Fecha: ${todayPrinted()}`,
      COPY_LEGEND,
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).toMatch(/Hora: \d{2}:\d{2}/);
    expect(pdf.text).toContain('TOTAL A PAGAR');
    expect(pdf.text).not.toContain('SIN VALIDEZ FISCAL');
  };

  it('prints every legal field of a taxed sale to a client, on A4, in the POST and the GET /pdf documents alike', async () => {
    const { invoice, pdf } = await issue({
      clientId: clientIds.ROBLE,
      purchaseOrderNumber: 'OC-2026-0042',
      items: [
        { externalProductId: 'SKU-ARROZ', quantity: 2 },
        { externalProductId: 'SKU-CERVEZA', quantity: 3 },
      ],
    });

    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(invoice.fiscalNumber).toMatch(/^000-001-01-\d{8}$/);
    expect(pdf.text).toContain('Cliente: Inversiones El Roble S.A.');
    expect(pdf.text).toContain('RTN del cliente: 05019876543210');
    expect(pdf.text).toContain('Orden de compra No.: OC-2026-0042');
    expect(pdf.text).toContain('P-ARROZ Arroz clasificado 5 lb 2 100.00 0.00 200.00');
    expect(pdf.text).toContain('P-CERVEZA Cerveza nacional 355 ml 3 35.50 10.65 106.50');
    expectTotals(pdf, {
      Importe: 'L 306.50',
      'Descuentos y rebajas': 'L 10.65',
      'Importe exonerado': 'L 0.00',
      'Importe exento': 'L 0.00',
      'Importe gravado 15%': 'L 200.00',
      'Importe gravado 18%': 'L 95.85',
      'ISV 15%': 'L 30.00',
      'ISV 18%': 'L 17.25',
      'TOTAL A PAGAR': 'L 343.10',
    });
    expect(pdf.text).toContain('Son: TRESCIENTOS CUARENTA Y TRES LEMPIRAS CON 10/100');
    expect(pdf.text).not.toContain('ANULADA');
    expect(pdf.text).not.toContain('Tasa de cambio');
    expect(pdf.text).not.toContain('EXO-2026');

    const again = await getPdf(invoice.id);
    expect(again.text).toBe(pdf.text);
  });

  it('prints an exempt sale with its whole amount as importe exento and no ISV', async () => {
    const { invoice, pdf } = await issue({ items: [{ externalProductId: 'SKU-LECHE', quantity: 4 }] });

    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(pdf.text).toContain('P-LECHE Leche entera 1 l 4 28.00 0.00 112.00');
    expectTotals(pdf, {
      Importe: 'L 112.00',
      'Importe exonerado': 'L 0.00',
      'Importe exento': 'L 112.00',
      'Importe gravado 15%': 'L 0.00',
      'Importe gravado 18%': 'L 0.00',
      'ISV 15%': 'L 0.00',
      'ISV 18%': 'L 0.00',
      'TOTAL A PAGAR': 'L 112.00',
    });
    expect(pdf.text).toContain('Son: CIENTO DOCE LEMPIRAS CON 00/100');
  });

  it("prints an exonerated sale with the client's RTN and exoneration certificate, and no ISV", async () => {
    const { invoice, pdf } = await issue({ clientId: clientIds['CLI-ONG'], items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] });

    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(pdf.text).toContain('Cliente: Fundación Ejemplo');
    expect(pdf.text).toContain('RTN del cliente: 08019000000001');
    expect(pdf.text).toContain('No. correlativo de la Constancia del Registro de Exonerados: EXO-2026-0001');
    expectTotals(pdf, {
      'Importe exonerado': 'L 100.00',
      'Importe gravado 15%': 'L 0.00',
      'ISV 15%': 'L 0.00',
      'TOTAL A PAGAR': 'L 100.00',
    });
  });

  it('prints the exchange rate of a sale priced in US dollars', async () => {
    const { invoice, pdf } = await issue({ items: [{ externalProductId: 'SKU-IMPORT', quantity: 1 }] });

    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(pdf.text).toContain('Tasa de cambio aplicada: L 24.6512 por US$ 1.00');
    expect(pdf.text).toContain('P-IMPORT Aceite importado 1 246.512 0.00 246.51');
    expectTotals(pdf, { 'Importe gravado 15%': 'L 246.51', 'ISV 15%': 'L 36.98', 'TOTAL A PAGAR': 'L 283.49' });
  });

  it('prints CONSUMIDOR FINAL for a sale without a client', async () => {
    const { invoice, pdf } = await issue({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] });

    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(pdf.text).toContain(`Cliente: ${CONSUMIDOR_FINAL}`);
    expect(pdf.text).not.toContain('EXO-2026');
  });

  it('marks an invoice annulled through the operator CLI ANULADA, keeping every legal field', async () => {
    const { invoice } = await issue({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] });
    const annul = await runAdmin(t.config.databaseUrl, [
      'invoice',
      'annul',
      '--reason',
      'error de emisión',
      '--company',
      acme.code,
      '--id',
      String(invoice.id),
    ]);
    expect(annul.code).toBe(0);

    const pdf = await getPdf(invoice.id);
    expectLegalFrame(pdf, invoice.fiscalNumber);
    expect(pdf.text).toContain('ANULADA');
  });

  it('renders a preview on A4 marked SIN VALIDEZ FISCAL, with every line and no digit group of the real CAI', async () => {
    const res = await t.http
      .post('/v1/invoices/preview')
      .set(acme.auth)
      .send({
        items: [
          { externalProductId: 'SKU-ARROZ', quantity: 2 },
          { externalProductId: 'SKU-LECHE', quantity: 1 },
          { externalProductId: 'SKU-COMBO', quantity: 1 },
        ],
      });
    expect(res.status).toBe(200);
    const pdf = readPdf(Buffer.from(res.body.pdfBase64, 'base64'));

    expect(isA4(pdf)).toBe(true);
    expect(pdf.text).toContain('SIN VALIDEZ FISCAL');
    expect(pdf.text).toContain('Comercial Acme S. de R.L.');
    expect(pdf.text).toContain('RTN: 08019999123456');
    for (const line of ['P-ARROZ Arroz clasificado 5 lb', 'P-LECHE Leche entera 1 l', 'P-COMBO Canasta mixta'])
      expect(pdf.text).toContain(line);
    expect(pdf.text).toContain(`Son: ${res.body.totalInLetters}`);
    for (const group of DEMO_CAI.split('-')) expect(pdf.text).not.toContain(group);
    expect(pdf.text).not.toMatch(/000-001-01-\d{8}/);
  });

  it('flows a 200-line invoice over several pages: every line once, the table header on each page, one totals block at the end', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ externalProductId: 'SKU-ARROZ', quantity: i + 1 }));
    const { invoice, pdf } = await issue({ clientId: clientIds.ROBLE, items });

    expect(isA4(pdf)).toBe(true);
    expect(pdf.pages).toBeGreaterThanOrEqual(4);
    for (let i = 1; i <= 200; i++) {
      const amount = (100 * i).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(pdf.text).toContain(`P-ARROZ Arroz clasificado 5 lb ${i} 100.00 0.00 ${amount}`);
    }
    for (let page = 1; page <= pdf.pages; page++) {
      expect(pdf.pageText(page).match(/Descripción/g)).toHaveLength(1);
      expect(pdf.pageText(page)).toContain(`FACTURA ${invoice.fiscalNumber} · Página ${page} de ${pdf.pages}`);
    }
    expect(pdf.text.match(/TOTAL A PAGAR/g)).toHaveLength(1);
    expect(pdf.pageText(pdf.pages)).toContain('TOTAL A PAGAR');
    // The long amount in words wraps beside the totals, so its words are checked one by one.
    for (const word of invoice.totalInLetters.split(' ')) expect(pdf.pageText(pdf.pages)).toContain(word);
  }, 60_000);

  it('reports PDF rendering available in the health details', async () => {
    const res = await t.http.get('/v1/health');
    expect(res.body).toEqual({ status: 'ok', details: { pdf: 'available' } });
  });
});
