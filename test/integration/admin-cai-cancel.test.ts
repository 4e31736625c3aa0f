import { ActivityEntry, CaiRange } from '../../src/entities';
import { hondurasDate } from '../../src/domain/calendar-date';
import type { EmissionPointEntry } from '../../src/services/company/setup/setup-document';
import { runAdminProcess } from '../support/admin-process';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { parseCsv } from '../support/csv';
import { sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { runAdmin, runAdminFailure } from '../support/run-admin';
import { writeSetupFile } from '../support/setup-apply';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, type TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const [A, B] = [caiOf('a'), caiOf('b')];

/** A way to run the CLI: in-process (runAdmin) or as a real process (runAdminProcess). */
type Runner = (...args: string[]) => Promise<{ code: number | null; stdout: Buffer | string; stderr: string }>;

/**
 * A CAI cancelled by SAR (decision 71): `admin cai cancel` as a real process, and the company
 * page's form, over two instances sharing one database. The other commands, and refusals but
 * the first, run in-process (a process costs about a second of CPU). Point 001 issues invoices from CAI A
 * (1-100), then CAI B (101-102); point 002 holds CAI A too (1-50).
 */
describe('admin cai cancel', () => {
  let c: ConsoleTest;
  let other: TestApp;
  let company: ReadyCompany;
  let keys = 0;
  const code = uniqueCode('K');
  const points: EmissionPointEntry[] = [
    {
      code: '001',
      caiRanges: [
        { cai: A, rangeStart: 1, rangeEnd: 100, deadline: FAR },
        { cai: B, rangeStart: 101, rangeEnd: 102, deadline: FAR },
      ],
    },
    { code: '002', caiRanges: [{ cai: A, rangeStart: 1, rangeEnd: 50, deadline: FAR }] },
  ];
  const setup = (emissionPoints = points) => sellingCompany({ code, emissionPoints });
  const admin = (...args: string[]) => runAdmin(c.t.config.databaseUrl, args);
  const adminProcess = (...args: string[]) => runAdminProcess(c.t.config.databaseUrl, args);
  const sale = (on: TestApp) =>
    on.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', `k-${++keys}`)
      .send({
        items: [{ externalProductId: 'SKU-P-1', quantity: 1 }],
      });
  const rangesOf = (cai: string) => c.t.orm.em.fork().find(CaiRange, { cai, emissionPoint: { establishment: { company: { code } } } });

  /** A refused command: one line on stderr, nothing on stdout, exit 1, no table changed. */
  async function refused(args: string[], line: string | RegExp, runCommand: Runner = admin): Promise<void> {
    const before = await tableChecksums(c.t.orm);
    const run = await runCommand(...args);
    expect(run.stdout.toString()).toBe('');
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    if (typeof line === 'string') expect(run.stderr).toBe(`error: ${line}\n`);
    else expect(run.stderr).toMatch(line);
    expect(run.code).toBe(1);
    expect(await tableChecksums(c.t.orm)).toBe(before);
  }

  beforeAll(async () => {
    c = await createConsoleTest();
    company = await setUpCompany(c.t, setup());
    // A second instance of the service on the same database, with its own caches.
    other = await createTestApp({ databaseName: c.t.db.name });
  }, 90_000);
  afterAll(async () => {
    await other.close();
    await c.close();
  });

  it('stops every instance issuing from the cancelled CAI on its next request, then answers 409 CAI_RANGE_EXHAUSTED', async () => {
    expect((await sale(c.t)).body.fiscalNumber).toBe('000-001-01-00000001');
    expect((await sale(other)).body.fiscalNumber).toBe('000-001-01-00000002');

    const run = await adminProcess('cai', 'cancel', '--company', code, '--cai', A, '--reason', 'Resolución SAR 2026-0042');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.toString()).toBe(`cancelled CAI ${A} of ${code}: 2 ranges\n`);
    for (const range of await rangesOf(A)) {
      expect(range.cancelledAt).not.toBeNull();
      expect(range.cancelReason).toBe('Resolución SAR 2026-0042');
    }

    // Both instances had issued from A; each takes B's numbers now.
    expect((await sale(other)).body.fiscalNumber).toBe('000-001-01-00000101');
    expect((await sale(c.t)).body.fiscalNumber).toBe('000-001-01-00000102');
    const before = await tableChecksums(c.t.orm);
    for (const instance of [c.t, other]) {
      const res = await sale(instance);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CAI_RANGE_EXHAUSTED');
    }
    expect(await tableChecksums(c.t.orm)).toBe(before);
  }, 90_000);

  it('cai status shows CANCELLED (and --json), and a point left with no usable range exits 4', async () => {
    const run = await adminProcess('cai', 'status', '--company', code, '--json');
    expect(run.code).toBe(4);
    const rows = JSON.parse(run.stdout.toString()) as Array<{ emissionPoint: string; cai: string; state: string; left: number }>;
    expect(rows.map((r) => [r.emissionPoint, r.cai, r.state, r.left])).toEqual([
      ['001', A, 'CANCELLED', 98],
      ['001', B, 'EXHAUSTED', 0],
      ['002', A, 'CANCELLED', 50],
    ]);
    const table = await admin('cai', 'status', '--company', code);
    expect(table.stdout.toString()).toMatch(new RegExp(`${A}.*CANCELLED`));
  });

  it('report unused lists the cancelled ranges’ unused numbers in the month of the cancellation as CANCELADO', async () => {
    const run = await admin('report', 'unused', '--company', code, '--month', hondurasDate(new Date()).slice(0, 7));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(parseCsv(run.stdout.replace(/^\uFEFF/, '')).slice(1)).toEqual([
      [A, '000', '001', '000-001-01-00000003', '000-001-01-00000100', '98', 'CANCELADO'],
      [A, '000', '002', '000-002-01-00000001', '000-002-01-00000050', '50', 'CANCELADO'],
    ]);
  });

  it('records cai-cancelled with the reason in the activity trail', async () => {
    const rows = await c.t.orm.em.fork().find(ActivityEntry, { action: 'cai-cancelled' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: `CAI ${A}` });
    expect(JSON.parse(rows[0].details)).toEqual({ reason: 'Resolución SAR 2026-0042', ranges: 2 });
  });

  it('refuses an unknown CAI and one already cancelled with one line, changing nothing', async () => {
    await refused(
      ['cai', 'cancel', '--company', code, '--cai', caiOf('z'), '--reason', 'SAR'],
      `company ${code} has no live CAI range with CAI ${caiOf('z')}`,
      adminProcess,
    );
    await refused(
      ['cai', 'cancel', '--company', code, '--cai', A, '--reason', 'otra vez'],
      new RegExp(`^error: CAI ${A} of company ${code} was already cancelled on `),
    );
    await refused(['cai', 'cancel', '--company', code, '--cai', A, '--reason', '  '], /--reason must be 1 to 255 characters/);
    const codes = await Promise.all([
      runAdminFailure(c.t.config.databaseUrl, ['cai', 'cancel', '--company', code, '--cai', caiOf('z'), '--reason', 'SAR']),
      runAdminFailure(c.t.config.databaseUrl, ['cai', 'cancel', '--company', code, '--cai', A, '--reason', 'SAR']),
    ]);
    expect(codes.map((r) => (r.error as { code?: string }).code)).toEqual(['CAI_NOT_FOUND', 'CAI_ALREADY_CANCELLED']);
  });

  it('apply keeps a cancelled range cancelled: the same file applies, a change to the range is refused', async () => {
    expect(await admin('apply', writeSetupFile(setup()))).toMatchObject({ code: 0, stderr: '' });
    expect((await rangesOf(A)).every((r) => r.cancelledAt !== null)).toBe(true);
    const moved = setup([{ ...points[0], caiRanges: [{ ...points[0].caiRanges![0], rangeEnd: 90 }, points[0].caiRanges![1]] }, points[1]]);
    await refused(['apply', writeSetupFile(moved)], new RegExp(`caiRanges\\[0\\].*CAI ${A} was cancelled on .*; its range cannot change`));
  });

  describe('the company page', () => {
    let root: ConsoleClient;
    let accountant: ConsoleClient;

    beforeAll(async () => {
      const passwords = [await c.addOperator('admin@cai.hn', 'admin'), await c.addOperator('contador@cai.hn', 'accountant', [code])];
      root = c.client();
      accountant = c.client();
      expect((await root.signIn('admin@cai.hn', passwords[0])).status).toBe(303);
      expect((await accountant.signIn('contador@cai.hn', passwords[1])).status).toBe(303);
    });

    it('shows CANCELLED with what it means, offers administrators alone the form, and cancels CAI B from it', async () => {
      const page = await root.get(`/companies/${code}`);
      expect(page.text).toContain('<span class="state state-CANCELLED">CANCELLED</span>');
      expect(page.text).toContain('El SAR canceló el CAI: no emite nunca más.');
      expect(page.text).toContain('Cancelar CAI');
      // The cancelled range links to the form that registers the next one.
      expect(page.text).toContain(`href="/companies/${code}/cai/new?point=000-001&amp;type=invoice"`);
      // The form offers only what is still live.
      expect(page.text).toContain(`<option value="${B}">`);
      expect(page.text).not.toContain(`<option value="${A}">`);
      const seen = await accountant.get(`/companies/${code}`);
      expect(seen.text).toContain('CANCELLED');
      expect(seen.text).not.toContain('Cancelar CAI');
      expect(seen.text).not.toContain('/cai/new');

      const before = await tableChecksums(c.t.orm);
      expect((await accountant.post(`/companies/${code}/cai/cancel`, { cai: B, reason: 'SAR' })).status).toBe(404);
      expect(await tableChecksums(c.t.orm)).toBe(before);

      const res = await root.post(`/companies/${code}/cai/cancel`, { cai: B, reason: 'Resolución SAR 2026-0043', confirm: '1' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/companies/${code}`);
      expect(await rangesOf(B)).toEqual([expect.objectContaining({ cancelReason: 'Resolución SAR 2026-0043' })]);
      expect((await c.t.orm.em.fork().find(ActivityEntry, { action: 'cai-cancelled' })).at(-1)).toMatchObject({
        actor: 'admin@cai.hn',
        target: `CAI ${B}`,
      });
    });

    it('refuses an unknown or already cancelled CAI in Spanish, changing nothing', async () => {
      await root.get(`/companies/${code}`);
      const before = await tableChecksums(c.t.orm);
      const again = await root.post(`/companies/${code}/cai/cancel`, { cai: B, reason: 'SAR', confirm: '1' });
      expect(again.status).toBe(409);
      expect(again.text).toContain('CAI_ALREADY_CANCELLED');
      expect(again.text).toContain('Ese CAI ya estaba cancelado');
      const unknown = await root.post(`/companies/${code}/cai/cancel`, { cai: caiOf('z'), reason: 'SAR', confirm: '1' });
      // The form offers only live CAIs; one it did not offer comes back on the company page, as typed, with the reason by it.
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain('La empresa no tiene rangos vigentes con ese CAI');
      expect(unknown.text).toContain('CAI_NOT_FOUND');
      expect(await tableChecksums(c.t.orm)).toBe(before);
    });
  });
});
