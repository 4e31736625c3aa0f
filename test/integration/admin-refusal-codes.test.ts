import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { AppError } from '../../src/domain/app-error';
import { ErrorCode, OPERATOR_ERROR_STATUS } from '../../src/domain/error-codes';
import { Establishment, Invoice } from '../../src/entities';
import { SetupValidationError } from '../../src/services/company';
import { caiRangeData, clientData, companyCai, sellingCompany } from '../support/factories';
import { runAdminFailure } from '../support/run-admin';
import { applyDocument, writeSetupFile } from '../support/setup-apply';
import { issueSale } from '../support/issuing-fixtures';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { buildConsoleApp } from '../../src/console/console-app';
import { ConsoleClient } from '../support/console-client';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * What an operator's refused command threw: one AppError with a code, for the CLI as for any
 * later edge (an operator console answers the code's status), while the CLI prints only its
 * message, as one line, and exits 1.
 */
describe('operator refusals carry a code', () => {
  let t: TestApp;
  let company: ReadyCompany;
  let dir: string;
  const reached = new Set<ErrorCode>();

  /** Runs a command that must be refused; returns what it threw. */
  async function refused(...args: string[]): Promise<AppError> {
    const run = await runAdminFailure(t.config.databaseUrl, args);
    expect(run.error).toBeInstanceOf(AppError);
    const error = run.error as AppError;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: ${error.message}\n`);
    reached.add(error.code);
    return error;
  }

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'refusals-'));
    company = await setUpCompany(t, sellingCompany({ clients: [clientData()] }));
  }, 60_000);
  afterAll(() => t.close());

  it('an unknown company is COMPANY_NOT_FOUND (404)', async () => {
    expect(await refused('apikey', 'list', '--company', 'NOPE')).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      status: 404,
      message: 'unknown company NOPE',
    });
  });

  it('a third active key is API_KEY_LIMIT_REACHED (409)', async () => {
    const fresh = await setUpCompany(t);
    expect((await runAdminFailure(t.config.databaseUrl, ['apikey', 'issue', '--company', fresh.code])).code).toBe(0);
    expect(await refused('apikey', 'issue', '--company', fresh.code)).toMatchObject({
      code: 'API_KEY_LIMIT_REACHED',
      status: 409,
      message: `company ${fresh.code} already has 2 active API keys; revoke one first`,
    });
  });

  it('a key, client or invoice the company does not have is API_KEY_NOT_FOUND, CLIENT_NOT_FOUND or EXTERNAL_INVOICE_NOT_FOUND (404)', async () => {
    expect(await refused('apikey', 'revoke', '--company', company.code, '--id', '999999')).toMatchObject({
      code: 'API_KEY_NOT_FOUND',
      status: 404,
      message: `company ${company.code} has no API key with id 999999`,
    });
    expect(await refused('client', 'clear-exoneration', '--company', company.code, '--client-id', '999999')).toMatchObject({
      code: 'CLIENT_NOT_FOUND',
      status: 404,
      message: `company ${company.code} has no client with id 999999`,
    });
    expect(await refused('invoice', 'annul', '--reason', 'error de emisión', '--company', company.code, '--id', '999999')).toMatchObject({
      code: 'EXTERNAL_INVOICE_NOT_FOUND',
      status: 404,
      message: `company ${company.code} has no invoice with id 999999`,
    });
  });

  it('a bad value, from an option parser or a service, is VALIDATION_FAILED (400)', async () => {
    expect(await refused('invoice', 'annul', '--reason', 'error de emisión', '--company', company.code, '--id', 'abc')).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
    expect(
      await refused('client', 'exonerate', '--company', company.code, '--client-id', '1', '--valid-until', '2099-01-31'),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'give the exoneration certificate (--certificate) or the Registro SAG number (--sag-registry), or both',
    });
  });

  it('activity: an unknown company is COMPANY_NOT_FOUND (404), a bad --since or --limit VALIDATION_FAILED (400)', async () => {
    expect(await refused('activity', '--company', 'NOPE')).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      status: 404,
      message: 'unknown company NOPE',
    });
    expect(await refused('activity', '--since', '2026-13-01')).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: '--since must be a date YYYY-MM-DD, got "2026-13-01"',
    });
    expect(await refused('activity', '--since', 'yesterday', '--json')).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(await refused('activity', '--limit', '0')).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: '--limit must be a whole number of at least 1, got "0"',
    });
  });

  it('a setup file that cannot be applied is SETUP_INVALID (422), every problem listed', async () => {
    const doc = sellingCompany();
    doc.priceLists![0].prices!.push({ product: 'P-999', price: 1 }, { product: 'P-998', price: 1 });
    const error = await refused('apply', writeSetupFile(doc));
    expect(error).toBeInstanceOf(SetupValidationError);
    expect(error).toMatchObject({ code: 'SETUP_INVALID', status: 422 });
    expect((error as SetupValidationError).problems).toHaveLength(2);
    expect(await refused('apply', writeSetupFile('company: [\n', 'yaml'))).toMatchObject({ code: 'SETUP_INVALID', status: 422 });
  });

  it('a file that cannot be read or written is FILE_NOT_ACCESSIBLE (400)', async () => {
    expect(await refused('apply', path.join(dir, 'missing.yaml'))).toMatchObject({ code: 'FILE_NOT_ACCESSIBLE', status: 400 });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await refused('report', 'sales', '--company', company.code, '--from', today, '--to', today, '--out', path.join(dir, 'no/such.csv')),
    ).toMatchObject({
      code: 'FILE_NOT_ACCESSIBLE',
      status: 400,
    });
  });

  it('a template that would not print is TEMPLATE_BROKEN (422)', async () => {
    const notOdt = path.join(dir, 'notes.odt');
    writeFileSync(notOdt, 'just text');
    expect(await refused('template', 'check', '--company', company.code, '--file', notOdt)).toMatchObject({
      code: 'TEMPLATE_BROKEN',
      status: 422,
    });
  });

  it('a letterhead rollback with nothing published before is LETTERHEAD_NO_PREVIOUS (409)', async () => {
    expect(await refused('template', 'rollback', '--company', company.code, '--document', 'creditNote')).toMatchObject({
      code: 'LETTERHEAD_NO_PREVIOUS',
      status: 409,
      message: `company ${company.code} has published no credit note letterhead: there is nothing to roll back`,
    });
  });

  it('a stored record that breaks the rules is AUDIT_DISCREPANCIES (409)', async () => {
    const sale = { items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] };
    const res = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'refusal-audit').send(sale);
    expect(res.status).toBe(201);
    await t.orm.em.fork().getConnection().execute('update invoices set total = total + 1 where id = ?', [res.body.id]);
    expect(await refused('audit', '--company', company.code)).toMatchObject({ code: 'AUDIT_DISCREPANCIES', status: 409 });
  });

  it('a setup row a concurrent writer stored first is SETUP_CONFLICT (409), nothing written', async () => {
    // Another transaction adds emission point 000-002 and has not committed: the apply's checks
    // cannot see it, so its own insert waits on the unique index and fails once the other commits.
    const doc = sellingCompany({ code: company.code, clients: [clientData()] });
    const { id: establishmentId } = await t.orm.em.fork().findOneOrFail(Establishment, { company: company.companyId, code: '000' });
    const holder = await mysql.createConnection(t.config.databaseUrl);
    try {
      await holder.query('START TRANSACTION');
      await holder.query("insert into emission_points (establishment_id, code) values (?, '002')", [establishmentId]);
      doc.establishments![0].emissionPoints!.push({ code: '002', name: 'Caja 2' });
      const applying = applyDocument(t, doc).then(
        () => undefined,
        (err: unknown) => err,
      );
      await untilWaitingForALock(holder, t.db.name);
      await holder.query('COMMIT');
      const error = await applying;
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'SETUP_CONFLICT', status: 409 });
      expect((error as AppError).message).toMatch(
        new RegExp(
          `^the setup of ${company.code} conflicts with an existing row \\(.*uq_emission_points_establishment_code.*\\); nothing was written$`,
        ),
      );
      reached.add('SETUP_CONFLICT');
    } finally {
      await holder.end();
    }
    // The row is the other writer's, without the name the file gave it.
    const points = await t.orm.em
      .fork()
      .getConnection()
      .execute('select name from emission_points where establishment_id = ? and code = ?', [establishmentId, '002']);
    expect(points).toEqual([{ name: null }]);
  }, 60_000);

  it('notes: NOTE_NOT_FOUND and EMISSION_POINT_NOT_FOUND (404), INVOICE_ANNULLED, INVOICE_HAS_NOTES, NOTE_LIMIT_EXCEEDED, NOTE_NOTHING_TO_CREDIT (409)', async () => {
    const noted = await setUpCompany(
      t,
      sellingCompany({
        emissionPoints: [
          {
            code: '001',
            caiRanges: [caiRangeData(), caiRangeData({ cai: 'B1B2B3-B4B5B6-B7B8B9-B0B1B2-B3B4B5-B6', documentType: 'creditNote' })],
          },
        ],
      }),
    );
    const sale = async (key: string) => String((await issueSale(t.http, noted.auth, key)).id);
    const credit = (invoiceId: string, ...more: string[]) => [
      'note',
      'credit',
      '--company',
      noted.code,
      '--invoice-id',
      invoiceId,
      '--reason',
      'Devolución',
      ...more,
    ];
    const first = await sale('notes-1');
    expect(await refused('note', 'show', '--company', noted.code, '--id', '999999')).toMatchObject({ code: 'NOTE_NOT_FOUND', status: 404 });
    expect(await refused(...credit(first, '--full', '--emission-point', '000-009'))).toMatchObject({
      code: 'EMISSION_POINT_NOT_FOUND',
      status: 404,
    });
    expect(await refused(...credit(first, '--return', '1:2'))).toMatchObject({
      code: 'NOTE_LIMIT_EXCEEDED',
      status: 409,
      message: 'line 1: 1 left',
    });
    expect((await runAdminFailure(t.config.databaseUrl, credit(first, '--full'))).code).toBe(0);
    expect(await refused(...credit(first, '--full'))).toMatchObject({ code: 'NOTE_NOTHING_TO_CREDIT', status: 409 });
    expect(await refused('invoice', 'annul', '--company', noted.code, '--id', first, '--reason', 'error')).toMatchObject({
      code: 'INVOICE_HAS_NOTES',
      status: 409,
    });
    const second = await sale('notes-2');
    expect(
      (await runAdminFailure(t.config.databaseUrl, ['invoice', 'annul', '--company', noted.code, '--id', second, '--reason', 'error']))
        .code,
    ).toBe(0);
    expect(await refused(...credit(second, '--full'))).toMatchObject({ code: 'INVOICE_ANNULLED', status: 409 });
  });

  it('a resend is DELIVERY_NOT_CONFIGURED without a sender address, DOCUMENT_ANNULLED of an annulled invoice (409); nothing queued', async () => {
    const { id } = await issueSale(t.http, company.auth, 'resend-1');
    expect(await refused('delivery', 'resend', '--company', company.code, '--invoice-id', String(id))).toMatchObject({
      code: 'DELIVERY_NOT_CONFIGURED',
      status: 409,
    });
    const annul = ['invoice', 'annul', '--company', company.code, '--id', String(id), '--reason', 'error'];
    expect((await runAdminFailure(t.config.databaseUrl, annul)).code).toBe(0);
    const before = await tableChecksums(t.orm);
    expect(
      await refused('delivery', 'resend', '--company', company.code, '--invoice-id', String(id), '--to', 'otra@cliente.hn'),
    ).toMatchObject({
      code: 'DOCUMENT_ANNULLED',
      status: 409,
    });
    expect(await tableChecksums(t.orm)).toBe(before);
  });

  it('an annulment past its deadline is ANNULMENT_PERIOD_CLOSED (409); nothing written', async () => {
    const fresh = await setUpCompany(t);
    const { id, fiscalNumber } = await issueSale(t.http, fresh.auth, 'late-1');
    // Dated 70 days back, as a sale of two or three months ago: its window (day 10 of the month after) has closed.
    await t.orm.em.fork().nativeUpdate(Invoice, { id }, { invoiceDate: new Date(Date.now() - 70 * 86_400_000) });
    const before = await tableChecksums(t.orm);
    expect(await refused('invoice', 'annul', '--company', fresh.code, '--id', String(id), '--reason', 'error')).toMatchObject({
      code: 'ANNULMENT_PERIOD_CLOSED',
      status: 409,
      message: expect.stringMatching(
        new RegExp(`^invoice ${id} \\(${fiscalNumber}\\) is of \\d{4}-\\d{2}, .*; issue a credit note instead$`),
      ),
    });
    expect(await tableChecksums(t.orm)).toBe(before);
  });

  it('cai cancel: an unknown CAI is CAI_NOT_FOUND (404), a cancelled one CAI_ALREADY_CANCELLED (409)', async () => {
    const fresh = await setUpCompany(t);
    const cai = companyCai(fresh.code);
    const cancel = (which: string) => ['cai', 'cancel', '--company', fresh.code, '--cai', which, '--reason', 'Resolución SAR'];
    expect(await refused(...cancel('ZZZZZZ-000000-ZZZZZZ-000000-ZZZZZZ-00'))).toMatchObject({ code: 'CAI_NOT_FOUND', status: 404 });
    expect((await runAdminFailure(t.config.databaseUrl, cancel(cai))).code).toBe(0);
    expect(await refused(...cancel(cai))).toMatchObject({ code: 'CAI_ALREADY_CANCELLED', status: 409 });
  });

  it('console operators: OPERATOR_EMAIL_TAKEN (409), OPERATOR_NOT_FOUND (404), a bad role or short password VALIDATION_FAILED, an unknown company COMPANY_NOT_FOUND; nothing written', async () => {
    const add = (email: string, ...more: string[]) => ['operator', 'add', '--email', email, '--name', 'Ana', ...more];
    expect((await runAdminFailure(t.config.databaseUrl, add('ana@example.hn', '--role', 'admin'))).code).toBe(0);
    const before = await tableChecksums(t.orm);
    expect(await refused(...add('ANA@example.hn', '--role', 'accountant'))).toMatchObject({
      code: 'OPERATOR_EMAIL_TAKEN',
      status: 409,
      message: 'a console operator with the e-mail ana@example.hn already exists',
    });
    expect(await refused(...add('bea@example.hn', '--role', 'boss'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '--role must be one of admin, accountant, got "boss"',
    });
    expect(await refused(...add('bea@example.hn', '--role', 'accountant', '--company', company.code, '--company', 'NOPE'))).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      message: 'unknown company NOPE',
    });
    const short = await runAdminFailure(
      t.config.databaseUrl,
      add('bea@example.hn', '--role', 'admin', '--password-stdin'),
      'elevenchars\n',
    );
    expect(short).toMatchObject({ code: 1, stdout: '', stderr: 'error: the password must have at least 12 characters\n' });
    expect(short.error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(await refused('operator', 'disable', '--email', 'nobody@example.hn')).toMatchObject({
      code: 'OPERATOR_NOT_FOUND',
      status: 404,
      message: 'no console operator has the e-mail nobody@example.hn',
    });
    expect(await refused('operator', 'reset-password', '--email', 'nobody@example.hn')).toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    expect(await tableChecksums(t.orm)).toBe(before);
  });

  it('the console refuses a form without its token CSRF_TOKEN_INVALID (403), a wrong password SIGN_IN_FAILED (401), a locked e-mail SIGN_IN_LOCKED (429)', async () => {
    const app = await buildConsoleApp(t.container);
    const browser = new ConsoleClient(app);
    const codeOf = (html: string) => /<code>([A-Z_]+)<\/code>/.exec(html)?.[1];
    const csrf = await browser.post('/login', { email: 'x@example.hn', password: 'whatever' }, null);
    expect({ status: csrf.status, code: codeOf(csrf.text) }).toEqual({ status: 403, code: 'CSRF_TOKEN_INVALID' });
    let last = csrf;
    for (let i = 0; i < 6; i++) last = await browser.signIn('locked@example.hn', 'not the password');
    expect({ status: last.status, code: codeOf(last.text) }).toEqual({ status: 429, code: 'SIGN_IN_LOCKED' });
    const failed = await browser.signIn('other@example.hn', 'not the password');
    expect({ status: failed.status, code: codeOf(failed.text) }).toEqual({ status: 401, code: 'SIGN_IN_FAILED' });
    for (const res of [csrf, last, failed]) reached.add(codeOf(res.text) as ErrorCode);
  });

  it('reached every operator code', () => {
    expect([...reached].filter((code) => code in OPERATOR_ERROR_STATUS).sort()).toEqual(Object.keys(OPERATOR_ERROR_STATUS).sort());
  });
});

/** Waits until a transaction of this test's database waits for a row lock (the apply's insert). */
async function untilWaitingForALock(connection: mysql.Connection, database: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [rows] = await connection.query(
      `select count(*) as waiting from information_schema.innodb_trx t join information_schema.processlist p on p.id = t.trx_mysql_thread_id
       where t.trx_state = 'LOCK WAIT' and p.db = ?`,
      [database],
    );
    if (Number((rows as { waiting: number }[])[0].waiting) > 0) return;
    if (Date.now() > deadline) throw new Error('the apply never waited for the uncommitted emission point');
    // InnoDB refreshes what information_schema shows of transactions only when it was not read in
    // the last 0.1 s: polled faster, it never shows the wait.
    await new Promise((r) => setTimeout(r, 200));
  }
}
