import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import { buildContainer, closeContainer } from '../../src/container';
import { buildApp } from '../../src/http/app';
import { ActivityEntry, Client, Company, DeliveryMessage } from '../../src/entities';
import { DELIVERY_LEASE_MS, DELIVERY_RETRY_DELAYS_MS } from '../../src/domain/delivery-schedule';
import { DeliveryMessages, DeliverySender } from '../../src/services/delivery';
import { DeliveryQueue } from '../../src/services/delivery/delivery-queue';
import { InvoiceAnnulmentService, NoteIssuer } from '../../src/services/sales';
import { caiRangeData, clientData, inContext, productData, sellingCompany, TEST_ACTOR, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin } from '../support/run-admin';
import { binaryBody } from '../support/pdf-reader';
import { parsedMail } from '../support/smtp-sink';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { SmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';
import type { Logger } from 'pino';
import supertest from 'supertest';
import { TOKENS } from '../../src/tokens';

const CART = { items: [{ externalProductId: 'SKU-P-1', quantity: 2 }] };
const FROM = 'Facturas Prueba <facturas@prueba.hn>';

/**
 * Every invoice issued for a client, and every note on one, e-mailed with its PDF (decisions 85-88),
 * against a real SMTP server in this process; the sender's clock is moved, never waited for.
 */
describe('e-mail delivery of issued documents', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let on: ReadyCompany;
  let off: ReadyCompany;
  let clientOn: number;
  let clientOff: number;
  let keys = 0;
  let clock = Date.now();
  /** The sender's instant: always later than anything queued before it. */
  const later = (ms = 0) => new Date((clock = Math.max(clock, Date.now()) + 1000 + ms));

  const setup = () =>
    sellingCompany({
      code: uniqueCode('D'),
      products: [productData()],
      clients: [clientData({ email: 'compras@cliente.hn' })],
      emissionPoints: [{ code: '001', caiRanges: [caiRangeData(), caiRangeData({ cai: caiOf('N'), documentType: 'creditNote' })] }],
    });

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestApp({ pdf: true, env: { SMTP_URL: smtp.url } });
    const onDoc = { ...setup(), delivery: { email: true, from: FROM, replyTo: 'contabilidad@prueba.hn', bcc: 'archivo@prueba.hn' } };
    on = await setUpCompany(t, onDoc);
    off = await setUpCompany(t, {
      ...setup(),
      establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges: [caiRangeData({ cai: caiOf('B') })] }] }],
    });
    const em = t.orm.em.fork();
    clientOn = (await em.findOneOrFail(Client, { company: { code: on.code } })).id;
    clientOff = (await em.findOneOrFail(Client, { company: { code: off.code } })).id;
  }, 120_000);
  afterAll(async () => {
    t.container.get(DeliverySender).close();
    await t.close();
    await smtp.close();
  });

  const http = (app = t.http) => app;
  const issue = async (company: ReadyCompany, body: object, key = `k-${++keys}`, app = http()) => {
    const res = await app.post('/v1/invoices').set(company.auth).set('Idempotency-Key', key).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string; replayed: boolean };
  };
  const pdfOf = async (company: ReadyCompany, id: number) => {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(company.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const messages = (where: object = {}) => t.orm.em.fork().find(DeliveryMessage, where, { orderBy: { id: 'asc' } });
  const deliverAll = async (sender = t.container.get(DeliverySender), now = later()) => {
    while ((await sender.deliverDue(now)) > 0);
  };

  it('sends one message per invoice for a client: the PDF of GET /pdf, named by its number, a Spanish text, a stable Message-ID', async () => {
    const before = smtp.received.length;
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    const [queued] = await messages({ documentType: 'invoice', documentId: invoice.id });
    expect(queued).toMatchObject({ status: 'QUEUED', attempts: 0, recipient: 'compras@cliente.hn', sentAt: null });
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@prueba\.hn>$/);

    // The PDF rendered for the POST's answer is the one sent: no second render on this instance.
    const renders = jest.spyOn(t.pdfRenderer, 'render');
    await deliverAll();
    expect(renders).not.toHaveBeenCalled();
    renders.mockRestore();
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to.sort()).toEqual(['archivo@prueba.hn', 'compras@cliente.hn']);
    expect(mail.header('Message-ID')).toBe(queued.messageId);
    expect(mail.header('Subject')).toContain(invoice.fiscalNumber);
    expect(mail.header('Reply-To')).toBe('contabilidad@prueba.hn');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.raw).toContain('Comercial de Prueba S. de R.L.');
    expect(mail.raw).toContain('/verify/');
    const pdf = mail.attachment('application/pdf')!;
    expect(pdf.filename).toBe(`${invoice.fiscalNumber}.pdf`);
    expect(pdf.content.equals(await pdfOf(on, invoice.id))).toBe(true);
    const [sent] = await messages({ id: queued.id });
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(t.logs.lines.some((l) => l.includes(queued.messageId) && l.includes('"outcome":"SENT"'))).toBe(true);
    expect(t.logs.lines.some((l) => l.includes('Estimado cliente'))).toBe(false);
  });

  it('sends none for a preview, a replay, a final consumer or a company without delivery', async () => {
    const before = { rows: (await messages()).length, mails: smtp.received.length };
    const preview = await t.http
      .post('/v1/invoices/preview')
      .set(on.auth)
      .send({ ...CART, clientId: clientOn });
    expect(preview.status).toBe(200);
    const first = await issue(on, { ...CART, clientId: clientOn }, 'replayed-key');
    await deliverAll();
    const replay = await issue(on, { ...CART, clientId: clientOn }, 'replayed-key');
    expect(replay).toMatchObject({ id: first.id, replayed: true });
    await issue(on, CART);
    await issue(off, { ...CART, clientId: clientOff });
    await deliverAll();
    expect((await messages()).length).toBe(before.rows + 1);
    expect(smtp.received.length).toBe(before.mails + 1);
  });

  it('sends a note on an invoice for a client with the note PDF', async () => {
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    await deliverAll();
    const company = await t.orm.em.fork().findOneOrFail(Company, { code: on.code });
    const note = await inContext(t.orm, () =>
      t.container.get(NoteIssuer).issue(
        TEST_ACTOR,
        { id: company.id, code: on.code },
        {
          type: 'creditNote',
          invoiceId: invoice.id,
          reason: 'Descuento',
          emissionPoint: null,
          credit: { kind: 'discount', amount: new Big(10), rate: new Big(15) },
        },
        null,
      ),
    );
    const noteId = note.note.id;
    await deliverAll();
    const [row] = await messages({ documentType: 'creditNote', documentId: noteId });
    expect(row).toMatchObject({ status: 'SENT', recipient: 'compras@cliente.hn' });
    const mail = smtp.received.find((m) => m.header('Message-ID') === row.messageId)!;
    expect(mail.header('Subject')).toMatch(/^Nota de crédito /);
  });

  it('retries a server that refuses for a while (after 1 then 5 minutes) and delivers once', async () => {
    const before = smtp.received.length;
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    smtp.refuseNext(4); // two attempts, each refusing its two recipients (the buyer, the bcc)
    const start = later();
    await t.container.get(DeliverySender).deliverDue(start);
    let [row] = await messages({ documentId: invoice.id, documentType: 'invoice' });
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + DELIVERY_RETRY_DELAYS_MS[0]);
    expect(await t.container.get(DeliverySender).deliverDue(new Date(start.getTime() + 30_000))).toBe(0);
    await t.container.get(DeliverySender).deliverDue(new Date(start.getTime() + 61_000));
    [row] = await messages({ id: row.id });
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 2 });
    await deliverAll(undefined, new Date(start.getTime() + 61_000 + DELIVERY_RETRY_DELAYS_MS[1]));
    [row] = await messages({ id: row.id });
    expect(row).toMatchObject({ status: 'SENT', attempts: 3 });
    expect(smtp.received.length).toBe(before + 1);
  });

  it('gives up after the last retry: FAILED with the server answer', async () => {
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    smtp.refuseNext(100);
    let now = later().getTime();
    for (const delay of [0, ...DELIVERY_RETRY_DELAYS_MS]) {
      now += delay;
      await t.container.get(DeliverySender).deliverDue(new Date(now));
    }
    smtp.refuseNext(0);
    const [row] = await messages({ documentId: invoice.id, documentType: 'invoice' });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 6 });
    expect(row.lastError).toMatch(/451/);
    clock = now;
  });

  it('does not send a document annulled before its message left', async () => {
    const before = smtp.received.length;
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    const company = await t.orm.em.fork().findOneOrFail(Company, { code: on.code });
    await inContext(t.orm, () =>
      t.container.get(InvoiceAnnulmentService).annul(TEST_ACTOR, { id: company.id, code: on.code }, invoice.id, 'Error de RTN'),
    );
    await deliverAll();
    const [row] = await messages({ documentId: invoice.id, documentType: 'invoice' });
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toMatch(/anulado/);
    expect(smtp.received.length).toBe(before);
  });

  it('a sender that claimed and died: the lease expires and another sends it, with the same Message-ID', async () => {
    const before = smtp.received.length;
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    const claimedAt = later();
    // The dead sender's claim: leased, never recorded.
    expect(await t.container.get(DeliveryQueue).claimDue(claimedAt, 8)).toHaveLength(1);
    expect(await t.container.get(DeliverySender).deliverDue(new Date(claimedAt.getTime() + 1000))).toBe(0);
    await deliverAll(undefined, new Date(claimedAt.getTime() + DELIVERY_LEASE_MS + 1));
    const [row] = await messages({ documentId: invoice.id, documentType: 'invoice' });
    expect(row.status).toBe('SENT');
    expect(smtp.received.length).toBe(before + 1);
    clock = claimedAt.getTime() + DELIVERY_LEASE_MS + 1;
  });

  it('a sender that died between sending and recording: the next send carries the same Message-ID', async () => {
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    const queue = t.container.get(DeliveryQueue);
    const recordSent = jest.spyOn(queue, 'recordSent').mockImplementationOnce(() => new Promise<void>(() => undefined));
    const sentAt = later();
    void t.container.get(DeliverySender).deliverDue(sentAt);
    const [row] = await messages({ documentId: invoice.id, documentType: 'invoice' });
    await waitFor(() => smtp.received.some((m) => m.header('Message-ID') === row.messageId));
    recordSent.mockRestore();
    await deliverAll(undefined, new Date(sentAt.getTime() + DELIVERY_LEASE_MS + 1));
    const copies = smtp.received.filter((m) => m.header('Message-ID') === row.messageId);
    expect(copies).toHaveLength(2);
    expect((await messages({ id: row.id }))[0].status).toBe('SENT');
    clock = sentAt.getTime() + DELIVERY_LEASE_MS + 1;
  });

  it('20 concurrent issues on two instances: 20 messages, none twice', async () => {
    const before = smtp.received.length;
    const other = buildContainer(t.config, t.container.get<Logger>(TOKENS.Logger), t.orm, t.pdfRenderer);
    try {
      const otherHttp = supertest(buildApp(other).callback());
      const issued = await Promise.all(
        Array.from({ length: 20 }, (_, i) => issue(on, { ...CART, clientId: clientOn }, `concurrent-${i}`, i % 2 ? otherHttp : t.http)),
      );
      const now = later();
      await Promise.all([deliverAll(t.container.get(DeliverySender), now), deliverAll(other.get(DeliverySender), now)]);
      const ids = new Set(issued.map((i) => i.id));
      const rows = (await messages({ documentType: 'invoice' })).filter((m) => ids.has(m.documentId));
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
      const received = smtp.received.slice(before).map((m) => m.header('Message-ID'));
      expect(received).toHaveLength(20);
      expect(new Set(received).size).toBe(20);
    } finally {
      other.get(DeliverySender).close();
      await closeContainer(other);
    }
  }, 60_000);

  it('resends by hand to another address, recorded as document-resent; refuses a bad address and a company without a sender', async () => {
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    await deliverAll();
    const service = t.container.get(DeliveryMessages);
    const company = await t.orm.em.fork().findOneOrFail(Company, { code: on.code });
    const ref = { id: company.id, code: on.code };
    const resent = await service.sendNow(await service.resend(TEST_ACTOR, ref, 'invoice', invoice.id, 'otra@cliente.hn', later()));
    expect(resent).toMatchObject({ status: 'SENT', recipient: 'otra@cliente.hn', requestedBy: 'cli:test' });
    expect(smtp.received.at(-1)!.to).toContain('otra@cliente.hn');
    const rows = await messages({ documentType: 'invoice', documentId: invoice.id });
    expect(rows).toHaveLength(2);
    expect(rows[0].messageId).not.toBe(rows[1].messageId);

    await expect(service.resend(TEST_ACTOR, ref, 'invoice', invoice.id, 'no es correo')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const offCompany = await t.orm.em.fork().findOneOrFail(Company, { code: off.code });
    const offInvoice = await issue(off, { ...CART, clientId: clientOff });
    await expect(service.resend(TEST_ACTOR, { id: offCompany.id, code: off.code }, 'invoice', offInvoice.id, null)).rejects.toMatchObject({
      code: 'DELIVERY_NOT_CONFIGURED',
    });
    expect(await messages({ documentType: 'invoice', documentId: invoice.id })).toHaveLength(2);
    expect(await messages({ company: offCompany.id })).toHaveLength(0);
  });

  it('admin delivery list and resend: the messages by status, and a resend by the CLI (to the .eml outbox without SMTP_URL)', async () => {
    const invoice = await issue(on, { ...CART, clientId: clientOn });
    await deliverAll();
    // In-process (a process costs about a second of CPU); a refusal and the resend, which prints
    // the PDF with its own LibreOffice under its own settings, run as real processes.
    const listed = await runAdmin(t.config.databaseUrl, ['delivery', 'list', '--company', on.code, '--status', 'sent', '--json']);
    expect(listed.stderr).toBe('');
    const rows = JSON.parse(listed.stdout.toString()) as { documentId: number; status: string; to: string; messageId: string }[];
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    expect(rows.find((r) => r.documentId === invoice.id)).toMatchObject({ to: 'compras@cliente.hn' });
    const failed = await runAdmin(t.config.databaseUrl, ['delivery', 'list', '--company', on.code, '--status', 'failed']);
    expect({ code: failed.code, stderr: failed.stderr }).toEqual({ code: 0, stderr: '' });
    const failedLines = failed.stdout.toString().trim().split('\n').filter(Boolean);
    // Every message of this company was sent: the failed list names none of them. A line names
    // its document as `invoice <id>`, one of its fields: the sent list's line of it shows so.
    const namesInvoice = (line: string) => line.split('  ').includes(`invoice ${invoice.id}`);
    expect(failedLines.filter((l) => !/^\d+ +FAILED +attempts \d+/.test(l))).toEqual([]);
    expect(failedLines.some(namesInvoice)).toBe(false);
    const sentText = await runAdmin(t.config.databaseUrl, ['delivery', 'list', '--company', on.code, '--status', 'sent']);
    expect(sentText.stdout.toString().split('\n').filter(namesInvoice)).toHaveLength(1);
    const bad = await runAdminProcess(t.config.databaseUrl, ['delivery', 'list', '--company', on.code, '--status', 'lost']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/VALIDATION_FAILED|--status/);

    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const resent = await runAdminProcess(
        t.config.databaseUrl,
        ['delivery', 'resend', '--company', on.code, '--invoice-id', String(invoice.id), '--to', 'otra@cliente.hn', '--json'],
        { MAIL_OUTBOX_DIR: outbox, SMTP_URL: '', TEMPLATES_DIR: t.config.templatesDir },
      );
      expect(resent.stderr).toBe('');
      expect(JSON.parse(resent.stdout.toString())).toMatchObject({ status: 'SENT', to: 'otra@cliente.hn', attempts: 1 });
      const [file] = fs.readdirSync(outbox);
      expect(file).toBe(`${invoice.fiscalNumber}-${JSON.parse(resent.stdout.toString()).id}.eml`);
      const eml = parsedMail(fs.readFileSync(path.join(outbox, file), 'latin1'), []);
      expect(eml.raw).toContain('\r\n');
      expect(eml.header('To')).toBe('otra@cliente.hn');
      expect(eml.attachment('application/pdf')!.content.equals(await pdfOf(on, invoice.id))).toBe(true);
      const trail = await t.orm.em.fork().find(ActivityEntry, { action: 'document-resent' }, { orderBy: { id: 'desc' } });
      expect(trail[0].target).toBe(`invoice ${invoice.fiscalNumber} (id ${invoice.id})`);
      expect(JSON.parse(trail[0].details)).toMatchObject({ to: 'otra@cliente.hn' });
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
    const neither = await runAdmin(t.config.databaseUrl, ['delivery', 'resend', '--company', on.code]);
    expect({ code: neither.code, stderr: neither.stderr.trim() }).toEqual({
      code: 1,
      stderr: 'error: give exactly one of --invoice-id and --note-id',
    });
  }, 60_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
