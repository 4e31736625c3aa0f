import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ActivityEntry, Client } from '../../src/entities';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin, shareLibreOfficeAcrossCommands } from '../support/run-admin';
import { sellingCompany, uniqueCode } from '../support/factories';
import { caiOf, ONE_ITEM } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { binaryBody, readPdf } from '../support/pdf-reader';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, type TestApp } from '../support/test-app';

const FAR = '2099-12-31';
/**
 * No cached PDF: every copy is rendered from the stored rows. A cold LibreOffice on a loaded
 * machine can take longer than the default 30 s to start.
 */
const PDF_ENV = { PDF_CACHE_MAX_MB: '0', PDF_TIMEOUT_MS: '120000' };

/** A way to run the CLI: in-process (runAdmin) or as a real process (runAdminProcess). */
type Runner = (...args: string[]) => Promise<{ code: number | null; stdout: Buffer | string; stderr: string }>;

/**
 * `admin client update` and `admin client delete`: POST /v1/clients' rules, every refusal one line
 * and exit 1 with no table changed, issued documents printed as they were, and a deleted client
 * gone for the API with its RTN free. The commands run in-process, where `note pdf` prints with
 * the app's LibreOffice (a process costs about a second of CPU, and in one `note pdf` would start
 * a LibreOffice of its own); an update and a refusal also run as real processes, for the exit
 * code and the output of the binary itself.
 */
describe('admin client update and delete', () => {
  shareLibreOfficeAcrossCommands(() => t.pdfRenderer);
  let t: TestApp;
  let acme: ReadyCompany;
  let other: ReadyCompany;
  let dir: string;
  let keys = 0;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const adminProcess = (...args: string[]) => runAdminProcess(t.config.databaseUrl, args);
  const clientRow = (id: number) => t.orm.em.fork().findOneOrFail(Client, id);
  const newClient = async (company: ReadyCompany, body: Record<string, string>): Promise<number> => {
    const res = await t.http.post('/v1/clients').set(company.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const sale = async (clientId: number) => {
    const res = await t.http
      .post('/v1/invoices')
      .set(acme.auth)
      .set('Idempotency-Key', `edit-${++keys}`)
      .send({ ...ONE_ITEM, clientId });
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string; pdfBase64: string };
  };
  const invoicePdf = async (on: TestApp, id: number): Promise<Buffer> => {
    const res = await on.http.get(`/v1/invoices/${id}/pdf`).set(acme.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const notePdf = async (id: number, name: string): Promise<Buffer> => {
    const out = path.join(dir, name);
    expect(await admin('note', 'pdf', '--company', acme.code, '--id', String(id), '--out', out)).toMatchObject({ code: 0, stderr: '' });
    return fs.readFileSync(out);
  };

  /** A refused command: exactly this line on stderr, nothing on stdout, exit 1, no table changed. */
  async function refused(args: string[], line: string, runCommand: Runner = admin): Promise<void> {
    const before = await tableChecksums(t.orm);
    const run = await runCommand(...args);
    expect({ code: run.code, stdout: run.stdout.toString(), stderr: run.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${line}\n`,
    });
    expect(await tableChecksums(t.orm)).toBe(before);
  }

  beforeAll(async () => {
    t = await createTestApp({ pdf: true, env: PDF_ENV });
    const invoicesAndCredits = [
      { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
      { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' as const },
    ];
    acme = await setUpCompany(
      t,
      sellingCompany({ code: uniqueCode('E'), emissionPoints: [{ code: '001', caiRanges: invoicesAndCredits }] }),
    );
    other = await setUpCompany(t, sellingCompany({ code: uniqueCode('O') }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-edit-'));
  }, 600_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('updates the fields given, clears one with --no-X, says what changed and records it in the trail', async () => {
    const id = await newClient(acme, {
      clientName: 'Ferretería Uno',
      email: 'uno@ferre.hn',
      legalId: '08011999000101',
      phone: '2222-0001',
    });
    const update = ['client', 'update', '--company', acme.code, '--id', String(id)];
    const run = await adminProcess(...update, '--email', 'ventas@ferre.hn', '--no-phone', '--address', 'Barrio El Centro');
    expect({ code: run.code, stderr: run.stderr, stdout: run.stdout.toString() }).toEqual({
      code: 0,
      stderr: '',
      stdout: `client ${id} of ${acme.code} updated: email uno@ferre.hn -> ventas@ferre.hn; phone 2222-0001 -> none; address none -> Barrio El Centro\n`,
    });
    expect(await clientRow(id)).toMatchObject({
      clientName: 'Ferretería Uno',
      email: 'ventas@ferre.hn',
      legalId: '08011999000101',
      phone: null,
      address: 'Barrio El Centro',
    });
    const [row] = await t.orm.em.fork().find(ActivityEntry, { action: 'client-updated', target: `client 08011999000101 (id ${id})` });
    expect(JSON.parse(row.details)).toEqual({
      email: { from: 'uno@ferre.hn', to: 'ventas@ferre.hn' },
      phone: { from: '2222-0001', to: null },
      address: { from: null, to: 'Barrio El Centro' },
    });

    // The same values again change nothing and record nothing.
    const before = await tableChecksums(t.orm);
    const again = await admin(...update, '--email', 'ventas@ferre.hn');
    expect(again.stdout.toString()).toBe(`client ${id} of ${acme.code} already has these values: nothing changed\n`);
    expect(await tableChecksums(t.orm)).toBe(before);
  }, 600_000);

  it('refuses every input POST /v1/clients refuses, an unknown or foreign id and a taken RTN, changing nothing', async () => {
    const id = await newClient(acme, { clientName: 'Cliente Firme', email: 'firme@c.hn', legalId: '08011999000202' });
    await newClient(acme, { clientName: 'Otro', email: 'otro@c.hn', legalId: '08011999000303' });
    const foreign = await newClient(other, { clientName: 'Ajeno', email: 'ajeno@c.hn' });
    const update = (...more: string[]) => ['client', 'update', '--company', acme.code, '--id', String(id), ...more];
    const options = '--name, --email, --legal-id or --no-legal-id, --phone or --no-phone, --address or --no-address';
    await refused(update(), `give at least one change: ${options}`);
    await refused(update('--name', '   '), '--name must not be empty');
    await refused(update('--email', 'no-es-correo'), '--email must be a valid e-mail address');
    await refused(
      update('--name', 'x'.repeat(256), '--phone', '1'.repeat(33)),
      '--name must be at most 255 characters; --phone must be at most 32 characters',
    );
    await refused(update('--address', 'x'.repeat(256)), '--address must be at most 255 characters');
    await refused(update('--legal-id', '0801199900020'), '--legal-id (RTN) must be exactly 14 digits, not all the same digit.');
    await refused(update('--legal-id', '00000000000000'), '--legal-id (RTN) must be exactly 14 digits, not all the same digit.');
    // A service's refusal, as the binary itself reports it.
    await refused(
      update('--legal-id', '08011999000303'),
      `another client of company ${acme.code} already has RTN 08011999000303`,
      adminProcess,
    );
    await refused(
      ['client', 'update', '--company', acme.code, '--id', '99999999', '--email', 'a@b.hn'],
      `company ${acme.code} has no client with id 99999999`,
    );
    await refused(
      ['client', 'update', '--company', acme.code, '--id', String(foreign), '--email', 'a@b.hn'],
      `company ${acme.code} has no client with id ${foreign}`,
    );
    await refused(
      ['client', 'delete', '--company', acme.code, '--id', String(foreign)],
      `company ${acme.code} has no client with id ${foreign}`,
    );
    await refused(['client', 'update', '--company', 'NO-SUCH', '--id', String(id), '--email', 'a@b.hn'], 'unknown company NO-SUCH');
    expect(await clientRow(id)).toMatchObject({
      clientName: 'Cliente Firme',
      email: 'firme@c.hn',
      legalId: '08011999000202',
      deletedAt: null,
    });
  }, 600_000);

  it('keeps every copy of an earlier invoice and note byte-identical; later documents print the new buyer', async () => {
    const id = await newClient(acme, { clientName: 'Nombre Impreso', email: 'impreso@c.hn', legalId: '08011999000404' });
    const invoice = await sale(id);
    const issued = await admin(...noteCommand('credit', acme.code, invoice.id, 'Devolución', '--return', '1:1'), '--json');
    expect({ code: issued.code, stderr: issued.stderr }).toEqual({ code: 0, stderr: '' });
    const note = JSON.parse(issued.stdout.toString()) as { id: number };
    const invoiceBefore = await invoicePdf(t, invoice.id);
    const noteBefore = await notePdf(note.id, 'note-before.pdf');
    expect(readPdf(invoiceBefore).text).toContain('Nombre Impreso');
    const register = async () => {
      // A week each side of today: the invoice's Honduras day falls in it whatever the hour.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const report = await admin('report', 'sales', '--company', acme.code, '--from', day(-7), '--to', day(7));
      expect({ code: report.code, stderr: report.stderr }).toEqual({ code: 0, stderr: '' });
      const text = report.stdout.toString();
      // The register's header and the invoice's row: two failed runs, or two runs that missed the
      // invoice, would compare registers that say nothing about it.
      expect(text).toContain('Fecha');
      expect(text.split('\n').length).toBeGreaterThan(2);
      expect(text).toContain(invoice.fiscalNumber);
      return text;
    };
    const registerBefore = await register();
    expect(registerBefore).toContain('Nombre Impreso');

    const run = await admin(
      'client',
      'update',
      '--company',
      acme.code,
      '--id',
      String(id),
      '--name',
      'Nombre Nuevo',
      '--legal-id',
      '08011999000505',
    );
    expect(run.code).toBe(0);

    // PDF_CACHE_MAX_MB=0: every copy is rendered anew from what is stored, none kept from before the update.
    expect((await invoicePdf(t, invoice.id)).equals(invoiceBefore)).toBe(true);
    expect((await notePdf(note.id, 'note-after.pdf')).equals(noteBefore)).toBe(true);
    expect(await register()).toBe(registerBefore);

    const later = readPdf(Buffer.from((await sale(id)).pdfBase64, 'base64')).text;
    expect(later).toContain('Nombre Nuevo');
    expect(later).toContain('08011999000505');
    expect(later).not.toContain('Nombre Impreso');
  }, 600_000);

  it('deletes a client: gone from GET /v1/clients and its count, refused as clientId, exoneration removed, RTN free, documents unchanged', async () => {
    const id = await newClient(acme, { clientName: 'Cliente Que Se Va', email: 'va@c.hn', legalId: '08011999000606' });
    expect(
      (
        await admin(
          'client',
          'exonerate',
          '--company',
          acme.code,
          '--client-id',
          String(id),
          '--certificate',
          'EXO-9',
          '--valid-until',
          '2099-12-31',
        )
      ).code,
    ).toBe(0);
    const invoice = await sale(id);
    const pdfBefore = await invoicePdf(t, invoice.id);
    const listBefore = (await t.http.get('/v1/clients').set(acme.auth)).body as { count: number; clients: { id: number }[] };
    expect(listBefore.clients.map((c) => c.id)).toContain(id);

    const run = await admin('client', 'delete', '--company', acme.code, '--id', String(id));
    expect({ code: run.code, stderr: run.stderr, stdout: run.stdout.toString() }).toEqual({
      code: 0,
      stderr: '',
      stdout: `client ${id} (Cliente Que Se Va) of ${acme.code} deleted\n`,
    });

    const listAfter = (await t.http.get('/v1/clients').set(acme.auth)).body as { count: number; clients: { id: number }[] };
    expect(listAfter.count).toBe(listBefore.count - 1);
    expect(listAfter.clients.map((c) => c.id)).not.toContain(id);
    for (const request of ['/v1/invoices', '/v1/invoices/preview']) {
      const res = await t.http
        .post(request)
        .set(acme.auth)
        .set('Idempotency-Key', `deleted-${++keys}`)
        .send({ ...ONE_ITEM, clientId: id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('EXTERNAL_INVOICE_CLIENT_NOT_FOUND');
    }
    expect(await clientRow(id)).toMatchObject({ exonerationCertificate: null, exonerationValidUntil: null });
    expect((await clientRow(id)).deletedAt).not.toBeNull();
    const [row] = await t.orm.em.fork().find(ActivityEntry, { action: 'client-deleted', target: `client 08011999000606 (id ${id})` });
    expect(JSON.parse(row.details)).toEqual({
      clientName: 'Cliente Que Se Va',
      legalId: '08011999000606',
      exoneration: { certificate: 'EXO-9', sagRegistry: null, validUntil: '2099-12-31' },
    });
    expect((await invoicePdf(t, invoice.id)).equals(pdfBefore)).toBe(true);

    // Its RTN is free; the new client takes another code, since the deleted one keeps its own.
    const reborn = await newClient(acme, { clientName: 'Cliente Nuevo', email: 'nuevo@c.hn', legalId: '08011999000606' });
    expect(await clientRow(reborn)).toMatchObject({ legalId: '08011999000606', code: `API-${reborn}`, deletedAt: null });
    const taken = await t.http
      .post('/v1/clients')
      .set(acme.auth)
      .send({ clientName: 'Duplicado', email: 'd@c.hn', legalId: '08011999000606' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('UQ_CLIENT_CODE_COMPANY');

    await refused(['client', 'delete', '--company', acme.code, '--id', String(id)], `company ${acme.code} has no client with id ${id}`);
    await refused(
      ['client', 'update', '--company', acme.code, '--id', String(id), '--email', 'x@c.hn'],
      `company ${acme.code} has no client with id ${id}`,
    );
  }, 600_000);

  it('frees an RTN the operator changed away from: a new client may take it', async () => {
    const id = await newClient(acme, { clientName: 'Cambia RTN', email: 'cambia@c.hn', legalId: '08011999000707' });
    expect((await admin('client', 'update', '--company', acme.code, '--id', String(id), '--no-legal-id')).code).toBe(0);
    expect(await clientRow(id)).toMatchObject({ legalId: null, code: '08011999000707' });
    const taker = await newClient(acme, { clientName: 'Toma RTN', email: 'toma@c.hn', legalId: '08011999000707' });
    expect(await clientRow(taker)).toMatchObject({ code: `API-${taker}` });
  }, 600_000);
});
