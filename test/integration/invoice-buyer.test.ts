import { parseCsv } from '../support/csv';
import { productData, sellingCompany } from '../support/factories';
import { readPdf } from '../support/pdf-reader';
import { runAdmin } from '../support/run-admin';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, type TestApp } from '../support/test-app';

/** One line of L 10,000.00 at 15 %: L 11,500.00, above the final-consumer threshold (L 10,000.00). */
const LARGE = [{ externalProductId: 'SKU-TV', quantity: 1 }];
/** One line of L 100.00 at 15 %: below it. */
const SMALL = [{ externalProductId: 'SKU-CABLE', quantity: 1 }];
const DNI = { name: '  María José Rodríguez Pineda ', idType: 'DNI', idNumber: '0801199012345' };
const PASSPORT = { name: 'John Michael Smith', idType: 'PASAPORTE', idNumber: 'X1234567A' };

/**
 * A final consumer above the threshold identified as the law allows (Acuerdo 481-2017 Art. 11
 * num. 2: names, and the type and number of an identity document in the RTN's space; decision 70).
 */
describe('a buyer identified in the sale', () => {
  let t: TestApp;
  let shop: ReadyCompany;
  let clientId: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp({ pdf: true, env: { PDF_TIMEOUT_MS: '90000' } });
    shop = await setUpCompany(
      t,
      sellingCompany({
        products: [
          productData({ code: 'P-TV', externalProductId: 'SKU-TV', price: 10000, isvRate: 15 }),
          productData({ code: 'P-CABLE', externalProductId: 'SKU-CABLE', price: 100, isvRate: 15 }),
        ],
      }),
    );
    clientId = (
      await t.http
        .post('/v1/clients')
        .set(shop.auth)
        .send({ clientName: 'Constructora Lempira', email: 'c@l.hn', legalId: '08019011112222' })
    ).body.id as number;
  }, 120_000);
  afterAll(() => t.close());

  const issue = (body: object, key = `buyer-${++keys}`) =>
    t.http.post('/v1/invoices').set(shop.auth).set('Idempotency-Key', key).send(body);
  const preview = (body: object) => t.http.post('/v1/invoices/preview').set(shop.auth).send(body);
  const pdfText = (res: { body: { pdfBase64: string } }) => readPdf(Buffer.from(res.body.pdfBase64, 'base64')).text;

  /** A refused sale: the status, the code, a message naming what is wrong, on preview and issue alike, and nothing written. */
  async function refused(body: object, status: number, code: string, message: string | RegExp): Promise<void> {
    const before = await tableChecksums(t.orm);
    for (const res of [await preview(body), await issue(body)]) {
      expect(res.status).toBe(status);
      expect(res.body).toEqual({
        code,
        message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
      });
    }
    expect(await tableChecksums(t.orm)).toBe(before);
  }

  it('issues and prints a sale above the threshold to a buyer identified by DNI: the name as the client, DNI and number in the RTN space', async () => {
    const buyer = { name: 'María José Rodríguez Pineda', idType: 'DNI', idNumber: '0801199012345' };
    const previewed = await preview({ items: LARGE, buyer: DNI });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ total: 11500, clientId: null, buyer });
    expect(pdfText(previewed)).toContain('DNI 0801199012345');

    const res = await issue({ items: LARGE, buyer: DNI });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 11500, clientId: null, buyer, replayed: false });
    const text = pdfText(res);
    expect(text).toContain('María José Rodríguez Pineda');
    expect(text).toContain('DNI 0801199012345');
    expect(text).not.toContain('CONSUMIDOR FINAL');

    expect((await t.http.get(`/v1/invoices/${res.body.id}`).set(shop.auth)).body).toMatchObject({ id: res.body.id, buyer });
  });

  it('issues and prints one to a buyer identified by passport, and one to a buyer identified by an RTN, printed as an RTN', async () => {
    const passport = await issue({ items: LARGE, buyer: PASSPORT });
    expect(passport.status).toBe(201);
    expect(passport.body.buyer).toEqual(PASSPORT);
    expect(pdfText(passport)).toContain('John Michael Smith');
    expect(pdfText(passport)).toContain('PASAPORTE X1234567A');

    const rtn = { name: 'Ana Lucía Fúnez', idType: 'RTN', idNumber: '08011985123456' };
    const withRtn = await issue({ items: LARGE, buyer: rtn });
    expect(withRtn.status).toBe(201);
    expect(withRtn.body.buyer).toEqual(rtn);
    expect(pdfText(withRtn)).toContain('08011985123456');
    expect(pdfText(withRtn)).not.toContain('RTN 08011985123456');
  });

  it('takes a buyer below the threshold too, and answers buyer null for a sale to a client or to nobody', async () => {
    const small = await issue({ items: SMALL, buyer: { name: 'Carné Residente', idType: 'CARNE_RESIDENTE', idNumber: 'CR00123' } });
    expect(small.status).toBe(201);
    expect(small.body.buyer).toEqual({ name: 'Carné Residente', idType: 'CARNE_RESIDENTE', idNumber: 'CR00123' });
    expect(pdfText(small)).toContain('CARNE_RESIDENTE CR00123');
    expect((await issue({ items: SMALL, buyer: null })).body).toMatchObject({ clientId: null, buyer: null });
    expect((await issue({ items: LARGE, clientId })).body).toMatchObject({ clientId, buyer: null });
  });

  it('refuses a sale above the threshold with neither a client with an RTN nor a buyer, as before', async () => {
    await refused({ items: LARGE }, 400, 'EXTERNAL_INVOICE_BUYER_ID_REQUIRED', '(buyer)');
  });

  it.each([
    ['no name', { idType: 'DNI', idNumber: '0801199012345' }, 'buyer.name is required'],
    ['a blank name', { ...DNI, name: '   ' }, 'buyer.name must be 1 to 255 characters (after trimming)'],
    ['a name too long', { ...DNI, name: 'A'.repeat(256) }, 'buyer.name must be 1 to 255 characters (after trimming)'],
    ['a name that is not text', { ...DNI, name: 42 }, 'buyer.name'],
    ['no idType', { name: 'Ana', idNumber: '0801199012345' }, 'buyer.idType is required'],
    ['an unknown idType', { ...DNI, idType: 'CEDULA' }, 'buyer.idType must be one of RTN, DNI, PASAPORTE, CARNE_RESIDENTE'],
    ['no idNumber', { name: 'Ana', idType: 'DNI' }, 'buyer.idNumber is required'],
    ['a DNI of 14 digits', { ...DNI, idNumber: '08011990123456' }, 'buyer.idNumber must be exactly 13 digits for idType DNI'],
    ['a DNI with a dash', { ...DNI, idNumber: '0801-1990-12345' }, 'buyer.idNumber must be exactly 13 digits for idType DNI'],
    [
      'a passport of 4 characters',
      { ...PASSPORT, idNumber: 'X123' },
      'buyer.idNumber must be 5 to 20 letters or digits for idType PASAPORTE',
    ],
    [
      'a passport of 21',
      { ...PASSPORT, idNumber: 'X'.repeat(21) },
      'buyer.idNumber must be 5 to 20 letters or digits for idType PASAPORTE',
    ],
    [
      'a passport with a space',
      { ...PASSPORT, idNumber: 'X 1234567' },
      'buyer.idNumber must be 5 to 20 letters or digits for idType PASAPORTE',
    ],
    [
      "a resident's card with a symbol",
      { name: 'Ana', idType: 'CARNE_RESIDENTE', idNumber: 'CR-0012' },
      'buyer.idNumber must be 5 to 20 letters or digits for idType CARNE_RESIDENTE',
    ],
    ['an unknown field', { ...DNI, email: 'a@b.hn' }, 'buyer has unknown field(s): email'],
    ['a buyer that is not an object', 'María', 'buyer must be a JSON object'],
  ])('refuses a buyer with %s: 400 VALIDATION_FAILED naming the field', async (_, buyer, message) => {
    await refused({ items: LARGE, buyer }, 400, 'VALIDATION_FAILED', message);
  });

  it.each([
    ['of 13 digits', '0801198512345'],
    ['of fourteen zeros', '00000000000000'],
    ['of fourteen equal digits', '11111111111111'],
    ['with letters', '0801198512345A'],
  ])('refuses a buyer with an RTN %s: 400 INVALID_RTN_FORMAT', async (_, idNumber) => {
    await refused(
      { items: LARGE, buyer: { name: 'Ana', idType: 'RTN', idNumber } },
      400,
      'INVALID_RTN_FORMAT',
      'buyer.idNumber must be exactly 14 digits, not all the same digit for idType RTN',
    );
  });

  it('refuses a buyer beside a clientId: 400 INVALID_REQUEST, a sale has one buyer', async () => {
    await refused({ items: LARGE, clientId, buyer: DNI }, 400, 'INVALID_REQUEST', 'clientId or buyer, not both');
  });

  it('replays the same key and buyer, and refuses the same key with another buyer as a different request', async () => {
    const first = await issue({ items: SMALL, buyer: DNI }, 'buyer-same-key');
    expect(first.status).toBe(201);
    const again = await issue({ items: SMALL, buyer: DNI }, 'buyer-same-key');
    expect(again.body).toMatchObject({ id: first.body.id, replayed: true, buyer: first.body.buyer });
    const before = await tableChecksums(t.orm);
    const other = await issue({ items: SMALL, buyer: { ...DNI, idNumber: '0801199012346' } }, 'buyer-same-key');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REQUEST_MISMATCH');
    expect(await tableChecksums(t.orm)).toBe(before);
  });

  it('shows the buyer in the sales register: the name under Cliente, the document under RTN Cliente', async () => {
    const sold = await issue({ items: LARGE, buyer: PASSPORT });
    const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
    const run = await runAdmin(t.config.databaseUrl, ['report', 'sales', '--company', shop.code, '--from', today, '--to', today]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [header, ...rows] = parseCsv(run.stdout.replace(/^\uFEFF/, ''));
    const row = rows.find((r) => r[header.indexOf('Numero')] === sold.body.fiscalNumber);
    expect(row?.[header.indexOf('Cliente')]).toBe('John Michael Smith');
    expect(row?.[header.indexOf('RTN Cliente')]).toBe('PASAPORTE X1234567A');
    const byDni = rows.filter((r) => r[header.indexOf('RTN Cliente')] === 'DNI 0801199012345');
    expect(byDni.length).toBeGreaterThan(0);
    for (const r of byDni) expect(r[header.indexOf('Cliente')]).toBe('María José Rodríguez Pineda');
  });
});
