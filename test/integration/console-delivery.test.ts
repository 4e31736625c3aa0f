import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ActivityEntry, Client, DeliveryMessage } from '../../src/entities';
import { DeliverySender } from '../../src/services/delivery';
import { clientData, uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

const FAR = '2099-12-31';

/**
 * The messages on the console's invoice and note pages, and Reenviar (decision 88), with the
 * `.eml` outbox as transport (no SMTP_URL).
 */
describe('console: a document e-mails on its page, and Reenviar', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let accountant: ConsoleClient;
  let outbox: string;
  const base = () => `/companies/${company.code}`;

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'console-outbox-'));
    c = await createConsoleTest({ pdf: true, env: { PDF_TIMEOUT_MS: '120000', MAIL_OUTBOX_DIR: outbox } });
    company = await setUpCompany(c.t, {
      ...setupWithRanges(
        [
          { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
        ],
        uniqueCode('M'),
      ),
      clients: [clientData({ code: 'CLI-1', email: 'compras@cliente.hn' })],
      delivery: { email: true, from: 'Facturas <facturas@empresa.hn>' },
    });
    const password = await c.addOperator('contador@consola.hn', 'accountant', [company.code]);
    accountant = c.client();
    expect((await accountant.signIn('contador@consola.hn', password)).status).toBe(303);
  }, 240_000);
  afterAll(async () => {
    c.t.container.get(DeliverySender).close();
    await c.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('shows SENT with its time, resends to a typed address (document-resent), refuses a bad one and changes nothing', async () => {
    const clientId = (await c.t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId })).id;
    const res = await c.t.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', 'k-1')
      .send({ ...CART, clientId });
    const invoice = res.body as { id: number; fiscalNumber: string };
    const queued = await accountant.get(`${base()}/invoices/${invoice.id}`);
    expect(queued.text).toContain('Envíos por correo');
    expect(queued.text).toContain('QUEUED');
    while ((await c.t.container.get(DeliverySender).deliverDue(new Date(Date.now() + 1000))) > 0);
    expect(fs.readdirSync(outbox)).toHaveLength(1);

    const page = await accountant.get(`${base()}/invoices/${invoice.id}`);
    expect(page.text).toMatch(/SENT<\/span> \(Enviado\)/);
    expect(page.text).toMatch(/enviado \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(page.text).toContain('compras@cliente.hn');
    expect(page.text).toContain('Reenviar');

    const resent = await accountant.post(`${base()}/invoices/${invoice.id}/resend`, { to: 'otra@cliente.hn' });
    expect(resent.status).toBe(303);
    const after = await accountant.get(`${base()}/invoices/${invoice.id}`);
    expect(after.text).toContain('otra@cliente.hn');
    expect(after.text).toContain('reenvío de contador@consola.hn');
    expect(fs.readdirSync(outbox)).toHaveLength(2);
    const trail = await c.t.orm.em.fork().find(ActivityEntry, { action: 'document-resent' });
    expect(trail).toHaveLength(1);
    expect(trail[0].actor).toBe('contador@consola.hn');

    const before = await tableChecksums(c.t.orm);
    const bad = await accountant.post(`${base()}/invoices/${invoice.id}/resend`, { to: 'no es correo' });
    expect(bad.status).toBe(400);
    // The invoice's page again: the address as typed, the reason in Spanish beside it, the code small.
    expect(bad.text).toContain(`<h2 id="envios">`);
    expect(bad.text).toMatch(/id="resend-to-problema">Escriba una dirección de correo completa/);
    expect(bad.text).toMatch(/<input id="resend-to" name="to" type="email" maxlength="254" value="no es correo" aria-invalid="true"/);
    expect(bad.text).toContain('(VALIDATION_FAILED)');
    expect(bad.text).not.toContain('to must be an e-mail address');
    expect(await tableChecksums(c.t.orm)).toBe(before);
    expect(await c.t.orm.em.fork().count(DeliveryMessage, { documentId: invoice.id })).toBe(2);
  });

  it('says when a document has no message, and refuses a resend of an annulled invoice (DOCUMENT_ANNULLED), changing nothing', async () => {
    const res = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'k-2').send(CART);
    const invoice = res.body as { id: number };
    const page = await accountant.get(`${base()}/invoices/${invoice.id}`);
    expect(page.text).toContain('No se ha enviado por correo.');
    expect((await accountant.post(`${base()}/invoices/${invoice.id}/annul`, { reason: 'Error', confirm: '1' })).status).toBe(303);
    const before = await tableChecksums(c.t.orm);
    const refused = await accountant.post(`${base()}/invoices/${invoice.id}/resend`, { to: 'otra@cliente.hn' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('El documento está anulado: un documento anulado no se envía.');
    expect(refused.text).toContain('(DOCUMENT_ANNULLED)');
    expect(await tableChecksums(c.t.orm)).toBe(before);
  });

  it("refuses a note's resend to a bad address on the note's page, as typed, in Spanish, changing nothing", async () => {
    const sale = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'k-3').send(CART);
    const invoicePath = `${base()}/invoices/${(sale.body as { id: number }).id}`;
    await accountant.get(invoicePath);
    const issued = await accountant.post(`${invoicePath}/credit-notes`, { kind: 'full', reason: 'Devolución', key: 'n-3', confirm: '1' });
    expect(issued.status).toBe(303);
    const notePath = issued.headers.location as string;
    await accountant.get(notePath);
    const before = await tableChecksums(c.t.orm);
    const bad = await accountant.post(`${notePath}/resend`, { to: 'otra arroba cliente' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('NOTA DE CRÉDITO');
    expect(bad.text).toMatch(/id="resend-to-problema">Escriba una dirección de correo completa/);
    expect(bad.text).toContain('value="otra arroba cliente"');
    expect(bad.text).not.toContain('to must be an e-mail address');
    expect(await tableChecksums(c.t.orm)).toBe(before);
    expect((await accountant.post(`${notePath}/resend`, { to: 'otra@cliente.hn' })).headers.location).toBe(`${notePath}#envios`);
  });
});
