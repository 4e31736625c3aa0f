import { ApiKey, Client, Invoice } from '../../src/entities';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { runAdmin } from '../support/run-admin';
import { createTestApp, TestApp } from '../support/test-app';

const KEY_LINE = /^hninv_[A-Za-z0-9_-]{43}$/;

describe('operator CLI: apikey, client and invoice commands', () => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const keyCount = (companyId: number) => t.orm.em.fork().count(ApiKey, { company: companyId });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('an unknown company', () => {
    it.each([
      ['invoice annul', ['invoice', 'annul', '--company', 'NO-SUCH-CO', '--id', '1', '--reason', 'x']],
      [
        'client exonerate',
        ['client', 'exonerate', '--company', 'NO-SUCH-CO', '--client-id', '1', '--certificate', 'EXO-X', '--valid-until', '2027-06-30'],
      ],
      ['client clear-exoneration', ['client', 'clear-exoneration', '--company', 'NO-SUCH-CO', '--client-id', '1']],
      ['apikey revoke', ['apikey', 'revoke', '--company', 'NO-SUCH-CO', '--id', '1']],
      ['note credit', ['note', 'credit', '--company', 'NO-SUCH-CO', '--invoice-id', '1', '--reason', 'x', '--full']],
      [
        'note debit',
        [
          'note',
          'debit',
          '--company',
          'NO-SUCH-CO',
          '--invoice-id',
          '1',
          '--reason',
          'x',
          '--description',
          'Flete',
          '--amount',
          '1',
          '--rate',
          '15',
        ],
      ],
      ['note list', ['note', 'list', '--company', 'NO-SUCH-CO']],
      ['note show', ['note', 'show', '--company', 'NO-SUCH-CO', '--id', '1']],
      ['note pdf', ['note', 'pdf', '--company', 'NO-SUCH-CO', '--id', '1', '--out', '/tmp/never-written.pdf']],
      ['note annul', ['note', 'annul', '--company', 'NO-SUCH-CO', '--id', '1', '--reason', 'x']],
    ])('%s names the company, not a missing row', async (_name, args) => {
      const run = await admin(...args);
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: 'error: unknown company NO-SUCH-CO\n' });
    });
  });

  describe('apikey', () => {
    it('issue prints the new key alone on one line, and the key authenticates', async () => {
      const acme = await setUpCompany(t);
      const run = await admin('apikey', 'issue', '--company', acme.code);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout.endsWith('\n')).toBe(true);
      const lines = run.stdout.slice(0, -1).split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(KEY_LINE);
      expect((await t.http.get('/v1/clients').set(bearer(lines[0]))).status).toBe(200);
    });

    it('refuses a third active key with exit 1 and a message on stderr, writing nothing', async () => {
      const acme = await setUpCompany(t);
      expect((await admin('apikey', 'issue', '--company', acme.code)).code).toBe(0);
      const third = await admin('apikey', 'issue', '--company', acme.code);
      expect(third.code).toBe(1);
      expect(third.stdout).toBe('');
      expect(third.stderr).toMatch(/^error: .*2 active API keys.*\n$/);
      expect(await keyCount(acme.companyId)).toBe(2);
    });

    it('revoke makes the key answer 401 INVALID_API_KEY on the very next request', async () => {
      const acme = await setUpCompany(t);
      expect((await t.http.get('/v1/clients').set(acme.auth)).status).toBe(200);
      const [key] = await t.orm.em.fork().find(ApiKey, { company: acme.companyId });
      const run = await admin('apikey', 'revoke', '--company', acme.code, '--id', String(key.id));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const res = await t.http.get('/v1/clients').set(acme.auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_API_KEY', message: expect.any(String) });
    });

    it('an expired key answers 401 INVALID_API_KEY', async () => {
      const acme = await setUpCompany(t);
      const issued = await admin('apikey', 'issue', '--company', acme.code, '--expires-at', new Date(Date.now() + 60_000).toISOString());
      const key = issued.stdout.trim();
      expect((await t.http.get('/v1/clients').set(bearer(key))).status).toBe(200);
      // Jump past the expiry by moving it into the past rather than waiting.
      await t.orm.em
        .fork()
        .nativeUpdate(ApiKey, { company: acme.companyId, expiresAt: { $ne: null } }, { expiresAt: new Date(Date.now() - 1000) });
      const res = await t.http.get('/v1/clients').set(bearer(key));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_API_KEY');
    });

    it('list shows id, prefix and status of every key, and never a key', async () => {
      const acme = await setUpCompany(t);
      const second = (await admin('apikey', 'issue', '--company', acme.code)).stdout.trim();
      const [first] = await t.orm.em.fork().find(ApiKey, { company: acme.companyId }, { orderBy: { id: 'asc' } });
      await admin('apikey', 'revoke', '--company', acme.code, '--id', String(first.id));

      const run = await admin('apikey', 'list', '--company', acme.code);
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^${first.id} ${first.prefix} revoked created=\\S+ expires=- revoked=\\S+$`));
      expect(lines[1]).toMatch(new RegExp(`^\\d+ ${second.slice(0, 12)} active created=`));
      for (const key of [acme.apiKey, second]) expect(run.stdout).not.toContain(key);
    });

    it('refuses an unknown company', async () => {
      const run = await admin('apikey', 'list', '--company', 'NOPE');
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: 'error: unknown company NOPE\n' });
    });
  });

  describe('client exonerate', () => {
    let acme: ReadyCompany;
    let clientId: number;

    beforeAll(async () => {
      acme = await setUpCompany(t);
      const res = await t.http
        .post('/v1/clients')
        .set(acme.auth)
        .send({ clientName: 'Fundación Ejemplo', email: 'compras@fundacion.hn', legalId: '08019000000001' });
      expect(res.status).toBe(201);
      clientId = res.body.id;
    });

    const readClient = () => t.orm.em.fork().findOneOrFail(Client, clientId);

    it('records the certificate and valid-until date and prints one confirmation line', async () => {
      const run = await admin(
        'client',
        'exonerate',
        '--company',
        acme.code,
        '--client-id',
        String(clientId),
        '--certificate',
        'EXO-2026-0001',
        '--valid-until',
        '2027-06-30',
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        `client ${clientId} (Fundación Ejemplo) of ${acme.code} exonerated: certificate EXO-2026-0001, valid until 2027-06-30\n`,
      );
      expect(await readClient()).toMatchObject({ exonerationCertificate: 'EXO-2026-0001', exonerationValidUntil: '2027-06-30' });
    });

    it('clear-exoneration removes it', async () => {
      const run = await admin('client', 'clear-exoneration', '--company', acme.code, '--client-id', String(clientId));
      expect(run.code).toBe(0);
      expect(await readClient()).toMatchObject({ exonerationCertificate: null, exonerationValidUntil: null });
    });

    it('refuses a date that is not on the calendar, changing nothing', async () => {
      for (const date of ['2027-02-30', '2027-13-01', '30/06/2027', 'tomorrow']) {
        const run = await admin(
          'client',
          'exonerate',
          '--company',
          acme.code,
          '--client-id',
          String(clientId),
          '--certificate',
          'EXO-X',
          '--valid-until',
          date,
        );
        expect(run).toMatchObject({ code: 1, stdout: '' });
        expect(run.stderr).toContain(date);
      }
      expect((await readClient()).exonerationCertificate).toBeNull();
    });

    it('refuses a client of another company as if it did not exist', async () => {
      const other = await setUpCompany(t);
      const run = await admin(
        'client',
        'exonerate',
        '--company',
        other.code,
        '--client-id',
        String(clientId),
        '--certificate',
        'EXO-X',
        '--valid-until',
        '2027-06-30',
      );
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: company ${other.code} has no client with id ${clientId}\n` });
      expect((await readClient()).exonerationCertificate).toBeNull();
    });

    it('refuses a deleted client', async () => {
      const deleted = await t.http
        .post('/v1/clients')
        .set(acme.auth)
        .send({ clientName: 'Cliente dado de baja', email: 'baja@example.hn' });
      await t.orm.em.fork().nativeUpdate(Client, { id: deleted.body.id }, { deletedAt: new Date() });
      const run = await admin(
        'client',
        'exonerate',
        '--company',
        acme.code,
        '--client-id',
        String(deleted.body.id),
        '--certificate',
        'EXO-X',
        '--valid-until',
        '2027-06-30',
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('has no client');
    });

    it('refuses a client id that is not a number', async () => {
      const run = await admin(
        'client',
        'exonerate',
        '--company',
        acme.code,
        '--client-id',
        'abc',
        '--certificate',
        'EXO-X',
        '--valid-until',
        '2027-06-30',
      );
      expect(run).toMatchObject({ code: 1, stderr: 'error: --client-id must be a whole number, got "abc"\n' });
    });
  });

  describe('invoice annul', () => {
    let acme: ReadyCompany;
    let invoiceId: number;

    beforeAll(async () => {
      acme = await setUpCompany(t);
      const issued = await t.http
        .post('/v1/invoices')
        .set(acme.auth)
        .set('Idempotency-Key', 'annul-1')
        .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
      expect(issued.status).toBe(201);
      invoiceId = issued.body.id;
    });

    const readInvoice = () => t.orm.em.fork().findOneOrFail(Invoice, invoiceId);

    it('refuses an invoice of another company, changing nothing', async () => {
      const other = await setUpCompany(t);
      const run = await admin('invoice', 'annul', '--reason', 'error de emisión', '--company', other.code, '--id', String(invoiceId));
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: company ${other.code} has no invoice with id ${invoiceId}\n` });
      expect((await readInvoice()).isAnnulled).toBe(false);
    });

    it('marks the invoice annulled with the time it happened', async () => {
      const before = Date.now();
      const run = await admin('invoice', 'annul', '--reason', 'error de emisión', '--company', acme.code, '--id', String(invoiceId));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toBe(`annulled invoice ${invoiceId} (000-001-01-00000001) of ${acme.code}\n`);
      const invoice = await readInvoice();
      expect(invoice.isAnnulled).toBe(true);
      expect(invoice.annulledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('annulling again succeeds, says so and keeps the first annulment date', async () => {
      const first = (await readInvoice()).annulledAt;
      const run = await admin('invoice', 'annul', '--reason', 'error de emisión', '--company', acme.code, '--id', String(invoiceId));
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        `invoice ${invoiceId} (000-001-01-00000001) of ${acme.code} was already annulled on ${first!.toISOString()}\n`,
      );
      expect((await readInvoice()).annulledAt).toEqual(first);
    });
  });

  describe('--help', () => {
    it.each([
      [['apikey', 'issue'], /Issue a new API key/],
      [['apikey', 'revoke'], /Revoke an API key/],
      [['apikey', 'list'], /List the keys of a company/],
      [['client', 'exonerate'], /Registro de Exonerados[\s\S]*--sag-registry <number>[\s\S]*--valid-until <date>/],
      [['client', 'clear-exoneration'], /Remove a client's exoneration/],
      [['invoice', 'annul'], /Annul an issued invoice[\s\S]*--id <n>/],
    ])('describes %j and its options', async (command, description) => {
      const run = await admin(...command, '--help');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(description);
      expect(run.stdout).toContain('--company <code>');
    });

    it('lists every command at the top level', async () => {
      const run = await admin('--help');
      expect(run.code).toBe(0);
      for (const name of ['apikey', 'client', 'invoice']) expect(run.stdout).toMatch(new RegExp(`^\\s+${name}\\b.*\\S`, 'm'));
    });
  });
});
