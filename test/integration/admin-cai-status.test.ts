import { addDays, hondurasDate } from '../../src/domain/calendar-date';
import { runAdminProcess } from '../support/admin-process';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';

describe('admin cai status and the LOW / DUE warning', () => {
  let t: TestApp;
  const today = hondurasDate(new Date());
  const status = (args: string[], env: NodeJS.ProcessEnv = {}) => runAdminProcess(t.config.databaseUrl, ['cai', 'status', ...args], env);
  const json = async (company: string, env: NodeJS.ProcessEnv = {}) => {
    const run = await status(['--company', company, '--json'], env);
    // stdout is only the JSON array; stderr is silent unless the exit is 4, whose reason it carries.
    if (run.code !== 4) expect(run.stderr).toBe('');
    return { code: run.code, stderr: run.stderr, ranges: JSON.parse(run.stdout.toString('utf8')) as Record<string, unknown>[] };
  };
  let keyCount = 0;
  const issue = (auth: { Authorization: string }) =>
    t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', `k-${++keyCount}`).send(CART);
  const warnings = () => t.logs.entries().filter((e) => typeof e.msg === 'string' && e.msg.startsWith('CAI range'));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes a range from OK to LOW (warning once for two LOW issues in a row) to EXHAUSTED, with exit codes 0, 3 and 4', async () => {
    const { auth, code } = await setUpCompany(
      t,
      setupWithRanges([{ cai: caiOf('a'), rangeStart: 1, rangeEnd: 20, deadline: FAR }], uniqueCode('L')),
    );
    for (let i = 0; i < 17; i++) expect((await issue(auth)).status).toBe(201);
    let run = await json(code);
    expect(run.code).toBe(0);
    expect(run.ranges).toEqual([
      expect.objectContaining({
        company: code,
        establishment: '000',
        emissionPoint: '001',
        cai: caiOf('a'),
        rangeStart: 1,
        rangeEnd: 20,
        nextNumber: 18,
        used: 17,
        left: 3,
        percentLeft: '15.00',
        deadline: FAR,
        daysLeft: expect.any(Number),
        state: 'OK',
        nextPrinted: '000-001-01-00000018',
      }),
    ]);
    expect(warnings()).toEqual([]);

    expect((await issue(auth)).status).toBe(201);
    expect((await issue(auth)).status).toBe(201);
    const lows = warnings();
    expect(lows).toHaveLength(1);
    expect(lows[0]).toMatchObject({ level: 40, company: code, cai: caiOf('a'), state: 'LOW', left: 2, daysLeft: expect.any(Number) });

    run = await json(code);
    expect(run.code).toBe(3);
    expect(run.ranges[0]).toMatchObject({ state: 'LOW', left: 1, nextNumber: 20 });

    expect((await issue(auth)).status).toBe(201);
    expect((await issue(auth)).body.code).toBe('CAI_RANGE_EXHAUSTED');
    run = await json(code);
    expect(run.code).toBe(4);
    expect(run.ranges[0]).toMatchObject({ state: 'EXHAUSTED', left: 0, nextPrinted: null });
    expect(run.stderr).toBe(`${code} 000-001: no usable CAI range left, the integration cannot issue\n`);
    expect(warnings()).toHaveLength(1);

    const table = await status(['--company', code]);
    expect(table.code).toBe(4);
    const text = table.stdout.toString('utf8');
    expect(text).toMatch(/^company +point +cai +first +last +next +used +left +%left +deadline +days +state\n/);
    expect(text).toContain('EXHAUSTED');
    expect(text).toContain(`${code} 000-001: no usable CAI range left, the integration cannot issue`);
  }, 60_000);

  it('says DUE (exit 3) when the deadline is within CAI_WARN_DAYS, warns DUE once, and follows the configured threshold', async () => {
    const deadline = addDays(today, 30);
    const { auth, code } = await setUpCompany(
      t,
      setupWithRanges([{ cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline }], uniqueCode('D')),
    );
    const run = await json(code);
    expect(run.code).toBe(3);
    expect(run.ranges[0]).toMatchObject({ state: 'DUE', daysLeft: 30, left: 1000, deadline });
    expect((await json(code, { CAI_WARN_DAYS: '29' })).code).toBe(0);
    expect((await json(code, { CAI_WARN_DAYS: '29' })).ranges[0]).toMatchObject({ state: 'OK' });

    expect((await issue(auth)).status).toBe(201);
    expect((await issue(auth)).status).toBe(201);
    expect(warnings().filter((w) => w.company === code)).toEqual([expect.objectContaining({ state: 'DUE', left: 999, daysLeft: 30 })]);
  });

  it('says EXPIRED (exit 4) when the only range is past its deadline, and 0 once a new range is registered', async () => {
    const setup = setupWithRanges([{ cai: caiOf('c'), rangeStart: 1, rangeEnd: 100, deadline: '2020-06-30' }], uniqueCode('X'));
    const { code } = await setUpCompany(t, setup);
    const run = await json(code);
    expect(run.code).toBe(4);
    expect(run.ranges[0]).toMatchObject({ state: 'EXPIRED', left: 100, daysLeft: expect.any(Number) });
    expect(run.ranges[0].daysLeft as number).toBeLessThan(0);

    const renewed = setupWithRanges(
      [
        { cai: caiOf('c'), rangeStart: 1, rangeEnd: 100, deadline: '2020-06-30' },
        { cai: caiOf('d'), rangeStart: 101, rangeEnd: 5000, deadline: FAR },
      ],
      code,
    );
    await setUpCompany(t, renewed);
    const after = await json(code);
    expect(after.code).toBe(0);
    expect(after.ranges.map((r) => r.state)).toEqual(['EXPIRED', 'OK']);
  });

  it('ignores emission points no enabled integration uses when choosing the exit code', async () => {
    const setup = setupWithRanges([{ cai: caiOf('e'), rangeStart: 1, rangeEnd: 100, deadline: '2020-06-30' }], uniqueCode('O'));
    const { code } = await setUpCompany(t, { ...setup, integration: { ...setup.integration, enabled: false } });
    const run = await json(code);
    expect(run.code).toBe(0);
    expect(run.ranges[0]).toMatchObject({ state: 'EXPIRED', integration: false });
  });

  it('exits 4 when an enabled integration still names a closed emission point', async () => {
    const range = { cai: caiOf('f'), rangeStart: 1, rangeEnd: 100, deadline: FAR };
    const setup = setupWithRanges([range], uniqueCode('Z'));
    const { code } = await setUpCompany(t, setup);
    expect((await json(code)).code).toBe(0);
    await setUpCompany(t, {
      ...setup,
      establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges: [range], deleted: true }] }],
    });
    const run = await status(['--company', code]);
    expect(run.code).toBe(4);
    expect(run.stdout.toString('utf8')).toContain(
      `${code} 000-001: the integration names a closed emission point, the integration cannot issue`,
    );
    // A monitor reading --json learns why too: the closed point has no row, so the reason is on stderr.
    const asJson = await json(code);
    expect(asJson.code).toBe(4);
    expect(asJson.stderr).toBe(`${code} 000-001: the integration names a closed emission point, the integration cannot issue\n`);
  });

  it('refuses an unknown company with one line on stderr and exit 1', async () => {
    const run = await status(['--company', 'NOPE']);
    expect(run).toMatchObject({ code: 1, stderr: 'error: unknown company NOPE\n' });
    expect(run.stdout.length).toBe(0);
  });

  it('reports every company without --company, exit code over all of them', async () => {
    const run = await status(['--json']);
    const ranges = JSON.parse(run.stdout.toString('utf8')) as { state: string }[];
    expect(ranges.length).toBeGreaterThanOrEqual(5);
    expect(run.code).toBe(4);
  });
});
