import supertest from 'supertest';
import { ActivityEntry, Client, Invoice, Note } from '../../src/entities';
import { clientData, uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { readPdf } from '../support/pdf-reader';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

const FAR = '2099-12-31';

/**
 * The console's document pages through the real console app (sessions, CSRF, error pages) on the
 * real database and PDF renderer: find, read, print, annul, credit, debit, clients, reports.
 * CART: line 1, 2 x rice 100.00 (15 %); line 2, 3 x beer 35.50 less 10 % (18 %); total 343.10.
 */
describe('console document pages', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let other: ReadyCompany;
  let admin: ConsoleClient;
  let accountant: ConsoleClient;
  let stranger: ConsoleClient;
  let keys = 0;
  const base = () => `/companies/${company.code}`;

  async function issue(to: ReadyCompany = company, body: object = CART): Promise<{ id: number; fiscalNumber: string }> {
    const res = await c.t.http.post('/v1/invoices').set(to.auth).set('Idempotency-Key', `k-${++keys}`).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string };
  }

  /** Every table, the store of template versions included: a refused note stores nothing at all. */
  const record = () => tableChecksums(c.t.orm);

  /** A refused POST: the page says what is wrong, with its status, and no table of the record changed. */
  async function refused(client: ConsoleClient, path: string, fields: Record<string, string>, status: number, text: RegExp) {
    const before = await record();
    // Confirmed, so that a refusal of the service itself is met (the first POST only asks).
    const res = await client.post(path, { ...fields, confirm: '1' });
    expect(res.status).toBe(status);
    expect(res.text).toMatch(text);
    expect(await record()).toBe(before);
    return res;
  }

  /** A GET whose body is bytes (a PDF, an XLSX), with the client's session. */
  const download = (client: ConsoleClient, path: string) =>
    supertest(c.app.callback())
      .get(path)
      .set('Cookie', [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  const activity = () => c.t.orm.em.fork().find(ActivityEntry, {}, { orderBy: { id: 'asc' } });

  beforeAll(async () => {
    // A cold LibreOffice on a loaded machine can take longer than the default 30 s to start.
    c = await createConsoleTest({ pdf: true, env: { PDF_TIMEOUT_MS: '120000' } });
    company = await setUpCompany(c.t, {
      ...setupWithRanges(
        [
          { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
          { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
        ],
        uniqueCode('D'),
      ),
      clients: [clientData({ code: 'CLI-1', clientName: 'Ferretería <b>López</b>', legalId: '08011990000011' })],
    });
    other = await setUpCompany(c.t, setupWithRanges([{ cai: caiOf('d'), rangeStart: 1, rangeEnd: 1000, deadline: FAR }], uniqueCode('O')));
    const passwords = {
      admin: await c.addOperator('admin@consola.hn', 'admin'),
      accountant: await c.addOperator('contador@consola.hn', 'accountant', [company.code]),
      stranger: await c.addOperator('otro@consola.hn', 'accountant', [other.code]),
    };
    admin = c.client();
    accountant = c.client();
    stranger = c.client();
    expect((await admin.signIn('admin@consola.hn', passwords.admin)).status).toBe(303);
    expect((await accountant.signIn('contador@consola.hn', passwords.accountant)).status).toBe(303);
    expect((await stranger.signIn('otro@consola.hn', passwords.stranger)).status).toBe(303);
  }, 240_000);
  afterAll(() => c.close());

  it('finds an invoice by its number, its last digits or its client, and links to it', async () => {
    const clientId = (await c.t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId })).id;
    const sold = await issue(company, { ...CART, clientId });
    await issue();
    const byNumber = await accountant.get(`${base()}/invoices?q=${sold.fiscalNumber}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.text).toContain(`href="${base()}/invoices/${sold.id}"`);
    expect(byNumber.text).toContain('L 343.10');
    expect(byNumber.text).toContain('VIGENTE');
    // The client's name is text, never markup.
    expect(byNumber.text).toContain('Ferretería &lt;b>López&lt;/b>');
    const byName = await accountant.get(`${base()}/invoices?q=${encodeURIComponent('lópez')}`);
    expect(byName.text).toContain(sold.fiscalNumber);
    const all = await accountant.get(`${base()}/invoices`);
    expect(all.text.match(/<tr/g)).toHaveLength(3);
  });

  // [query, the Spanish sentence, the field it is beside (null: the page number, which has none), a value kept, the English not shown]
  it.each([
    ['from=2026-02-30', 'Escriba la fecha inicial', 'from', 'value="2026-02-30"', 'is not a date'],
    ['from=2026-03-02&to=2026-03-01', 'no puede ser posterior a la fecha final', 'from', 'value="2026-03-01"', 'is after'],
    ['page=0', 'La página debe ser un número de 1 en adelante', null, 'Buscar', 'is not a page number'],
    ['q=123456789', 'Escriba un número impreso de esta lista', 'q', 'value="123456789"', 'neither a printed number'],
  ])(
    'answers a search with %s by the search form again, in Spanish beside the part that is wrong (400)',
    async (query, sentence, field, kept, english) => {
      const res = await accountant.get(`${base()}/invoices?${query}`);
      expect(res.status).toBe(400);
      expect(res.text).toContain('(VALIDATION_FAILED)');
      expect(res.text).toContain(sentence);
      expect(res.text).toContain(kept);
      if (field !== null) expect(res.text).toContain(`id="busqueda-${field}-problema"`);
      expect(res.text).not.toContain(english);
      expect(res.text).not.toContain('<caption>');
    },
  );

  it('answers 404 for a company, invoice or note out of reach, as for a page that does not exist', async () => {
    const theirs = await issue(other);
    expect((await stranger.get(`${base()}/invoices`)).status).toBe(404);
    expect((await accountant.get(`/companies/${other.code}/invoices/${theirs.id}`)).status).toBe(404);
    expect((await accountant.get(`${base()}/invoices/${theirs.id}`)).status).toBe(404);
    expect((await accountant.get(`${base()}/invoices/abc`)).status).toBe(404);
    expect((await accountant.get(`${base()}/notes/999999`)).status).toBe(404);
  });

  it('shows an invoice with its lines and amounts, and its PDF', async () => {
    const inv = await issue();
    const page = await accountant.get(`${base()}/invoices/${inv.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Factura ${inv.fiscalNumber}`);
    expect(page.text).toContain('P-ARROZ');
    expect(page.text).toContain('L 343.10');
    expect(page.text).toContain(`href="${base()}/invoices/${inv.id}/pdf"`);
    const pdf = await download(accountant, `${base()}/invoices/${inv.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(readPdf(pdf.body as Buffer).text).toContain(inv.fiscalNumber);
  }, 240_000);

  it('annuls an invoice with a reason, recorded in the activity trail as the operator', async () => {
    const inv = await issue();
    const path = `${base()}/invoices/${inv.id}/annul`;
    await accountant.get(`${base()}/invoices/${inv.id}`);
    await refused(accountant, path, { reason: '   ' }, 400, /Escriba el motivo de la anulación: de 1 a 255 caracteres/);
    await refused(accountant, path, { reason: 'x'.repeat(256) }, 400, /Escriba el motivo de la anulación/);
    // Without the session's token: 403, nothing changes.
    const before = await tableChecksums(c.t.orm);
    expect((await accountant.post(path, { reason: 'Error en el RTN' }, null)).status).toBe(403);
    expect(await tableChecksums(c.t.orm)).toBe(before);

    const res = await accountant.post(path, { reason: 'Error en el RTN', confirm: '1' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${base()}/invoices/${inv.id}`);
    const stored = await c.t.orm.em.fork().findOneOrFail(Invoice, inv.id);
    expect(stored).toMatchObject({ isAnnulled: true, annulReason: 'Error en el RTN' });
    expect((await accountant.get(`${base()}/invoices/${inv.id}`)).text).toContain('ANULADA');
    expect((await activity()).at(-1)).toMatchObject({ actor: 'contador@consola.hn', action: 'invoice-annulled' });
  });

  it('issues a credit note returning a line, shows it and its PDF, and refuses one over the limit', async () => {
    const inv = await issue();
    const page = await accountant.get(`${base()}/invoices/${inv.id}`);
    const key = /name="key" value="([^"]+)"/.exec(page.text)![1];
    const path = `${base()}/invoices/${inv.id}/credit-notes`;
    await refused(accountant, path, { kind: 'return', return_1: '3', reason: 'Devolución', key }, 409, /NOTE_LIMIT_EXCEEDED/);
    await refused(
      accountant,
      path,
      { kind: 'return', reason: 'Devolución', key },
      400,
      /Escriba la cantidad devuelta en al menos una línea/,
    );
    await refused(accountant, path, { kind: 'return', return_1: '1', reason: '', key }, 400, /Escriba el motivo de la nota/);
    await refused(
      accountant,
      path,
      { kind: 'discount', discount: '10', rate: '12', reason: 'Pronto pago', key },
      400,
      /Elija una de las tasas de ISV de la lista/,
    );
    await refused(accountant, path, { reason: 'Devolución', key }, 400, /Elija qué acredita la nota/);

    const res = await accountant.post(path, { kind: 'return', return_1: '1', reason: 'Devolución de 1 saco', key, confirm: '1' });
    expect(res.status).toBe(303);
    const noteId = Number(/\/notes\/(\d+)$/.exec(res.headers.location as string)![1]);
    // The same form sent again (its key): the same note, nothing new.
    const again = await accountant.post(path, { kind: 'return', return_1: '1', reason: 'Devolución de 1 saco', key, confirm: '1' });
    expect(again.headers.location).toBe(res.headers.location);
    expect(await c.t.orm.em.fork().count(Note, { invoice: inv.id })).toBe(1);

    const shown = await accountant.get(`${base()}/notes/${noteId}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('NOTA DE CRÉDITO 000-001-06-');
    expect(shown.text).toContain('Devolución de 1 saco');
    expect(shown.text).toContain('L 115.00');
    const pdf = await download(accountant, `${base()}/notes/${noteId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(readPdf(pdf.body as Buffer).text).toContain('NOTA DE CRÉDITO');
    expect((await accountant.get(`${base()}/invoices?q=${inv.fiscalNumber}`)).text).toContain('L 115.00');
    expect((await activity()).at(-1)).toMatchObject({ actor: 'contador@consola.hn', action: 'note-issued' });
    // The trail says it in Spanish, the note and the invoice it is on.
    expect((await accountant.get('/activity')).text).toMatch(
      new RegExp(`emitió la nota de crédito 000-001-06-\\d{8} de la factura ${inv.fiscalNumber}\\.`),
    );
    // An invoice with a live note cannot be annulled.
    await refused(accountant, `${base()}/invoices/${inv.id}/annul`, { reason: 'Error' }, 409, /INVOICE_HAS_NOTES/);
  }, 240_000);

  it('issues a debit note and refuses a bad amount', async () => {
    const inv = await issue();
    await accountant.get(`${base()}/invoices/${inv.id}`);
    const path = `${base()}/invoices/${inv.id}/debit-notes`;
    const fields = { description: 'Flete', amount: '50', rate: '15', reason: 'Flete a domicilio', key: 'debito-1' };
    await refused(accountant, path, { ...fields, amount: '50.001' }, 400, /Escriba un monto mayor que cero, con a lo sumo dos decimales/);
    await refused(accountant, path, { ...fields, quantity: '0' }, 400, /Escriba una cantidad mayor que cero/);
    // A refusal is said beside the form's field, never with the CLI's option.
    const point = await refused(accountant, path, { ...fields, emissionPoint: '9-9' }, 400, /id="debit-emissionPoint-problema"/);
    expect(point.text).toContain('Escriba el punto de emisión como EEE-PPP');
    expect(point.text).not.toContain('--emission-point');
    await refused(accountant, path, { ...fields, key: '' }, 400, /El formulario llegó incompleto/);
    const res = await accountant.post(path, { ...fields, confirm: '1' });
    expect(res.status).toBe(303);
    const shown = await accountant.get(res.headers.location as string);
    expect(shown.text).toContain('NOTA DE DÉBITO 000-001-07-');
    expect(shown.text).toContain('L 57.50');
  });

  it('refuses a note with nothing left to credit, a note of an annulled invoice (409) and one at an unknown emission point (404)', async () => {
    const inv = await issue();
    await accountant.get(`${base()}/invoices/${inv.id}`);
    const credit = `${base()}/invoices/${inv.id}/credit-notes`;
    await refused(
      accountant,
      credit,
      { kind: 'discount', discount: '1', rate: '15', reason: 'Descuento', emissionPoint: '000-009', key: 'punto-1' },
      404,
      /La empresa no tiene ese punto de emisión/,
    );
    expect((await accountant.post(credit, { kind: 'full', reason: 'Devolución total', key: 'todo-1', confirm: '1' })).status).toBe(303);
    await refused(accountant, credit, { kind: 'full', reason: 'Otra vez todo', key: 'todo-2' }, 409, /NOTE_NOTHING_TO_CREDIT/);

    const annulled = await issue();
    expect((await accountant.post(`${base()}/invoices/${annulled.id}/annul`, { reason: 'Error en el RTN', confirm: '1' })).status).toBe(
      303,
    );
    const debit = { description: 'Flete', amount: '50', rate: '15', reason: 'Flete a domicilio', key: 'anulada-1' };
    await refused(accountant, `${base()}/invoices/${annulled.id}/debit-notes`, debit, 409, /INVOICE_ANNULLED/);
  });

  it('records and clears a client exoneration, refusing a bad date', async () => {
    const list = await accountant.get(`${base()}/clients`);
    expect(list.status).toBe(200);
    expect(list.text).toContain('Ferretería &lt;b>López&lt;/b>');
    const clientId = (await c.t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId })).id;
    const path = `${base()}/clients/${clientId}/exoneration`;
    // Refused, the client's form comes back open, as typed, the reason in Spanish beside the field.
    const badDate = await refused(
      accountant,
      path,
      { certificate: 'CE-1', validUntil: '2026-02-30' },
      400,
      /Escriba el último día en que vale/,
    );
    expect(badDate.text).toContain('<details open>');
    expect(badDate.text).toContain('value="CE-1"');
    expect(badDate.text).toContain(`id="exoneracion-${clientId}-validUntil-problema"`);
    expect(badDate.text).not.toContain('valid-until date must be');
    // The console names no CLI flag, and no English words of the service either.
    const noReference = await refused(
      accountant,
      path,
      { validUntil: '2027-12-31' },
      400,
      /la constancia, el registro SAG o ambos|constancia, el registro SAG o ambos/,
    );
    expect(noReference.text).toContain('value="2027-12-31"');
    expect(noReference.text).not.toContain('--certificate');
    expect(noReference.text).not.toContain('give the exoneration certificate');
    expect((await accountant.post(path, { certificate: 'CE-2026-001', validUntil: '2027-12-31' })).status).toBe(303);
    const shown = await accountant.get(`${base()}/clients`);
    expect(shown.text).toContain('Constancia CE-2026-001');
    expect(shown.text).toContain('31/12/2027');
    expect((await activity()).at(-1)).toMatchObject({ actor: 'contador@consola.hn', action: 'client-exonerated' });
    expect((await accountant.post(`${path}/clear`)).status).toBe(303);
    expect((await accountant.get(`${base()}/clients`)).text).toContain('no exonerado');
    await refused(accountant, `${base()}/clients/999999/exoneration`, { certificate: 'X', validUntil: '2027-01-01' }, 404, /no encontrada/);
  });

  it('downloads the sales register as CSV and XLSX, the unused numbers, and shows the audit', async () => {
    expect((await accountant.get(`${base()}/reports`)).status).toBe(200);
    const csv = await accountant.get(`${base()}/reports/sales?from=2020-01-01&to=2099-12-31&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="libro-de-ventas-.*\.csv"$/);
    expect(csv.text.startsWith('\uFEFFFecha,Numero,CAI')).toBe(true);
    expect(csv.text).toMatch(/\nTOTAL,/);
    const xlsx = await download(accountant, `${base()}/reports/sales?from=2020-01-01&to=2099-12-31&format=xlsx`);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // A zip (an .xlsx is one): its local file header.
    expect((xlsx.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const unused = await accountant.get(`${base()}/reports/unused?month=2026-01&format=csv`);
    expect(unused.status).toBe(200);
    const bad = await accountant.get(`${base()}/reports/sales?from=2026-03-01&to=2026-02-01`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('from 2026-03-01 is after to 2026-02-01');
    expect((await accountant.get(`${base()}/reports/sales?from=x&to=2026-02-01`)).status).toBe(400);
    expect((await accountant.get(`${base()}/reports/unused?month=2026-13`)).text).toContain('month must be a month YYYY-MM');
    expect((await accountant.get(`${base()}/reports/sales?from=2026-01-01&to=2026-01-31&format=pdf`)).text).toContain(
      'format must be one of csv, xlsx',
    );
    const audit = await accountant.get(`${base()}/reports/audit`);
    expect(audit.status).toBe(200);
    expect(audit.text).toMatch(/Registro correcto: \d+ facturas y \d+ notas en 3 rangos/);
  });

  it('shows a buyer identified in the sale as it shows a client: the name, and the document where the RTN goes', async () => {
    const sold = await issue(company, { ...CART, buyer: { name: 'María José Rodríguez', idType: 'DNI', idNumber: '0801199012345' } });
    const page = await accountant.get(`${base()}/invoices/${sold.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<dt>Cliente<\/dt>\s*<dd>María José Rodríguez<\/dd>\s*<dt>RTN<\/dt>\s*<dd>DNI 0801199012345<\/dd>/);
    const list = await accountant.get(`${base()}/invoices?q=${encodeURIComponent(sold.fiscalNumber)}`);
    expect(list.text).toContain('María José Rodríguez');
  });

  it('lets an administrator reach every company', async () => {
    expect((await admin.get(`/companies/${other.code}/invoices`)).status).toBe(200);
    expect((await admin.get(`/companies/${other.code}/reports`)).status).toBe(200);
  });
});
