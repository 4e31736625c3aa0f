import { addDays, hondurasDate } from '../../src/domain/calendar-date';
import { CaiRange } from '../../src/entities';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { issueApiKey, uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { runAdmin } from '../support/run-admin';
import { writeSetupFile } from '../support/setup-apply';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const AT = 'establishments[0].emissionPoints[0].caiRanges';

/**
 * Invoices, credit notes and debit notes are numbered on their own at each emission point, from
 * ranges of their own type: what the operator sets up, sees and declares, through the CLI.
 */
describe('numbering per emission point and document type', () => {
  let t: TestApp;
  let keys = 0;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const apply = (ranges: CaiRangeSpec[], code: string) => admin('apply', writeSetupFile(setupWithRanges(ranges, code)));
  const status = async (code: string) => {
    const run = await admin('cai', 'status', '--company', code, '--json');
    return { code: run.code, ranges: JSON.parse(run.stdout) as Record<string, unknown>[] };
  };
  const issue = (auth: { Authorization: string }) => t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', `n-${++keys}`).send(CART);
  const rangesOf = (code: string) =>
    t.orm.em.fork().find(CaiRange, { emissionPoint: { establishment: { company: { code } } } }, { orderBy: { id: 'asc' } });
  const today = hondurasDate(new Date());

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('one emission point with an invoice, a credit note and a debit note range of the same numbers', () => {
    const code = uniqueCode('N');
    // The invoice range says nothing of its type: a new range without one is an invoice range.
    const invoices = { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR };
    const credits: CaiRangeSpec = { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' };
    const debits: CaiRangeSpec = { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' };
    let auth: { Authorization: string };

    beforeAll(async () => {
      const run = await apply([invoices, credits, debits], code);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^applied ${code}: `));
      ({ auth } = await issueApiKey(t.orm, t.container, code));
    });

    it('applies: ranges of different types may hold the same numbers, their printed numbers differ in the type code', async () => {
      const run = await status(code);
      expect(run.code).toBe(0);
      expect(run.ranges).toEqual([
        expect.objectContaining({
          emissionPoint: '001',
          documentType: 'invoice',
          cai: caiOf('a'),
          firstPrinted: '000-001-01-00000001',
          lastPrinted: '000-001-01-00001000',
          state: 'OK',
        }),
        expect.objectContaining({
          emissionPoint: '001',
          documentType: 'creditNote',
          cai: caiOf('b'),
          firstPrinted: '000-001-06-00000001',
          nextPrinted: '000-001-06-00000001',
          state: 'OK',
        }),
        expect.objectContaining({
          emissionPoint: '001',
          documentType: 'debitNote',
          cai: caiOf('c'),
          firstPrinted: '000-001-07-00000001',
          lastPrinted: '000-001-07-00001000',
          state: 'OK',
        }),
      ]);
      const table = (await admin('cai', 'status', '--company', code)).stdout.split('\n');
      expect(table[0]).toMatch(/^company +point +cai +first /);
      // The first printed number of each row carries its type's code.
      expect(table.slice(1, 4).map((line) => line.split(/ +/)[3].split('-')[2])).toEqual(['01', '06', '07']);
    });

    it('issues invoices from the invoice range only', async () => {
      for (const n of [1, 2]) {
        const res = await issue(auth);
        expect(res.status).toBe(201);
        expect([res.body.invoiceNumber, res.body.fiscalNumber, res.body.cai]).toEqual([n, `000-001-01-0000000${n}`, caiOf('a')]);
      }
      expect((await rangesOf(code)).map((r) => [r.documentType, r.nextNumber])).toEqual([
        ['invoice', 3],
        ['creditNote', 1],
        ['debitNote', 1],
      ]);
      expect((await status(code)).ranges.map((r) => r.nextPrinted)).toEqual([
        '000-001-01-00000003',
        '000-001-06-00000001',
        '000-001-07-00000001',
      ]);
      expect(await admin('audit', '--company', code)).toMatchObject({ code: 0, stdout: 'audit OK: 2 invoices in 3 ranges\n' });
    });

    it('refuses a range that overlaps another of its own type, naming the entry', async () => {
      const more: CaiRangeSpec = { cai: caiOf('d'), rangeStart: 900, rangeEnd: 2000, deadline: FAR, documentType: 'creditNote' };
      const run = await apply([invoices, credits, debits, more], code);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toBe(`error: ${AT}[3]: numbers 900-2000 overlap CAI ${caiOf('b')} (1-1000) of emission point 000-001\n`);
      // The stored range counts as well when the file leaves it out.
      expect((await apply([more], code)).stderr).toBe(
        `error: ${AT}[0]: numbers 900-2000 overlap CAI ${caiOf('b')} (1-1000) of emission point 000-001\n`,
      );
    });
  });

  it('refuses to change the type of a range that issued numbers; one that issued none may change, and a file that omits the type keeps it', async () => {
    const code = uniqueCode('M');
    const invoices: CaiRangeSpec = { cai: caiOf('e'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'invoice' };
    const notes: CaiRangeSpec = { cai: caiOf('f'), rangeStart: 1, rangeEnd: 500, deadline: FAR, documentType: 'creditNote' };
    expect((await apply([invoices, notes], code)).code).toBe(0);
    const { auth } = await issueApiKey(t.orm, t.container, code);
    expect((await issue(auth)).status).toBe(201);

    const retyped = await apply([{ ...invoices, documentType: 'debitNote' }, notes], code);
    expect(retyped).toMatchObject({
      code: 1,
      stderr: `error: ${AT}[0].documentType: numbers 1 to 1 were already issued from this range as invoice, so it cannot become debitNote\n`,
    });

    expect(await apply([invoices, { ...notes, documentType: 'debitNote' }], code)).toMatchObject({
      code: 0,
      stdout: `applied ${code}: 0 created, 1 updated, 0 deleted\nupdate ${AT}[1] (CAI ${notes.cai} at 000-001)\n`,
    });
    const { documentType: _omitted, ...withoutType } = notes;
    expect(await apply([invoices, withoutType], code)).toMatchObject({
      code: 0,
      stdout: `applied ${code}: 0 created, 0 updated, 0 deleted\n`,
    });
    expect((await rangesOf(code)).map((r) => r.documentType)).toEqual(['invoice', 'debitNote']);
  });

  describe('cai status exit codes', () => {
    /** The invoice range every company of these cases has; a CAI is one company's, so each gets its own. */
    const invoices = (code: string): CaiRangeSpec => ({ cai: caiOf('g', code), rangeStart: 1, rangeEnd: 1000, deadline: FAR });

    it('counts a LOW or DUE note range for exit 3', async () => {
      const code = uniqueCode('W');
      await setUpCompany(
        t,
        setupWithRanges(
          [invoices(code), { cai: caiOf('h'), rangeStart: 1, rangeEnd: 100, deadline: addDays(today, 30), documentType: 'creditNote' }],
          code,
        ),
      );
      const run = await status(code);
      expect(run.code).toBe(3);
      expect(run.ranges.map((r) => [r.documentType, r.state])).toEqual([
        ['invoice', 'OK'],
        ['creditNote', 'DUE'],
      ]);
    });

    it('never exits 4 for a used-up or expired note range, nor for a point without note ranges', async () => {
      const code = uniqueCode('E');
      await setUpCompany(
        t,
        setupWithRanges(
          [
            invoices(code),
            { cai: caiOf('i'), rangeStart: 1, rangeEnd: 100, deadline: FAR, documentType: 'creditNote' },
            { cai: caiOf('j'), rangeStart: 1, rangeEnd: 100, deadline: '2020-06-30', documentType: 'debitNote' },
          ],
          code,
        ),
      );
      await t.orm.em.fork().nativeUpdate(CaiRange, { cai: caiOf('i') }, { nextNumber: 101 });
      const run = await status(code);
      expect(run.code).toBe(0);
      expect(run.ranges.map((r) => [r.documentType, r.state])).toEqual([
        ['invoice', 'OK'],
        ['creditNote', 'EXHAUSTED'],
        ['debitNote', 'EXPIRED'],
      ]);
      const plain = uniqueCode('E');
      expect((await status((await setUpCompany(t, setupWithRanges([invoices(plain)], plain))).code)).code).toBe(0);
    });

    it("exits 4 when the integration's point has note ranges but no usable invoice range", async () => {
      const code = uniqueCode('S');
      await setUpCompany(
        t,
        setupWithRanges([{ cai: caiOf('k'), rangeStart: 1, rangeEnd: 100, deadline: FAR, documentType: 'creditNote' }], code),
      );
      const run = await admin('cai', 'status', '--company', code, '--json');
      expect(run.code).toBe(4);
      expect(run.stderr).toBe(`${code} 000-001: no usable CAI range left, the integration cannot issue\n`);
    });
  });

  it('declares the unused numbers and audits the numbering of note ranges with their type code', async () => {
    const code = uniqueCode('R');
    const thisMonth = today.slice(0, 7);
    const lastMonthDeadline = `${addDays(`${thisMonth}-01`, -1).slice(0, 7)}-15`;
    await setUpCompany(
      t,
      setupWithRanges(
        [
          { cai: caiOf('l'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('m'), rangeStart: 1, rangeEnd: 100, deadline: lastMonthDeadline, documentType: 'creditNote' },
        ],
        code,
      ),
    );
    const unused = await admin('report', 'unused', '--company', code, '--month', lastMonthDeadline.slice(0, 7));
    expect(unused).toMatchObject({ code: 0, stderr: '' });
    expect(unused.stdout).toContain(`${caiOf('m')},000,001,000-001-06-00000001,000-001-06-00000100,100,VENCIDO`);

    expect(await admin('audit', '--company', code)).toMatchObject({ code: 0, stdout: 'audit OK: 0 invoices in 2 ranges\n' });
    // Numbers handed out with no credit note to show for them (there is no credit note yet at all).
    await t.orm.em.fork().nativeUpdate(CaiRange, { cai: caiOf('m') }, { nextNumber: 3 });
    const audit = await admin('audit', '--company', code);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toBe(
      `CAI ${caiOf('m')} (000-001, 1-100, next 3): numbers 000-001-06-00000001 to 000-001-06-00000002 are missing (handed out, but no credit note carries them)\n`,
    );
  });
});
