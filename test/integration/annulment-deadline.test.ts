import { Invoice, Note } from '../../src/entities';
import { addDays, monthOf, hondurasDate } from '../../src/domain/calendar-date';
import { runAdminProcessAt } from '../support/admin-process';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { issueApiKey, uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const RANGES = setupWithRanges.bind(null, [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
]);

/** An instant on a day of the month after the documents' (issued now), Honduras wall clock. */
function nextMonthAt(day: number, time: string): Date {
  const next = monthOf(hondurasDate(new Date())).next.slice(0, 8);
  return new Date(`${next}${String(day).padStart(2, '0')}T${time}-06:00`);
}

/**
 * The annulment deadline (ANNULMENT_DEADLINE_DAY, decision 71) with the clock moved: the CLI as a
 * real process under libfaketime, the console through its injectable clock. Documents are issued
 * now; the annulments happen in the month after.
 */
describe('annulment deadline', () => {
  describe('the CLI, run at a moved date', () => {
    let t: TestApp;
    let auth: { Authorization: string };
    let keys = 0;
    const code = uniqueCode('AD');
    const annulAt = (at: Date, what: 'invoice' | 'note', id: number, env: NodeJS.ProcessEnv = {}) =>
      runAdminProcessAt(
        at,
        t.config.databaseUrl,
        [what, 'annul', '--company', code, '--id', String(id), '--reason', 'Emitida con error'],
        env,
      );
    const invoice = () => issueSale(t.http, auth, `k-${++keys}`, CART);
    async function creditNote(invoiceId: number): Promise<{ id: number; number: string }> {
      const run = await runAdmin(t.config.databaseUrl, [
        ...noteCommand('credit', code, invoiceId, 'Devolución', '--return', '1:1'),
        '--json',
      ]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as { id: number; number: string };
    }

    /** A refused annulment: one line naming the month, exit 1, nothing on stdout, no table changed. */
    async function refused(run: () => ReturnType<typeof annulAt>, line: RegExp): Promise<void> {
      const before = await tableChecksums(t.orm);
      const result = await run();
      expect(result.stdout.toString()).toBe('');
      expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
      expect(result.stderr).toMatch(line);
      expect(result.code).toBe(1);
      expect(await tableChecksums(t.orm)).toBe(before);
    }

    const month = hondurasDate(new Date()).slice(0, 7);
    const lastDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

    beforeAll(async () => {
      t = await createTestApp();
      await applySetup(t, RANGES(code));
      ({ auth } = await issueApiKey(t.orm, t.container, code));
    }, 60_000);
    afterAll(() => t.close());

    it('annuls an invoice on day 10 of the next month, late in the day, and stores that day', async () => {
      const inv = await invoice();
      const at = nextMonthAt(10, '23:59:00');
      const run = await annulAt(at, 'invoice', inv.id);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout.toString()).toBe(`annulled invoice ${inv.id} (${inv.fiscalNumber}) of ${code}\n`);
      const stored = await t.orm.em.fork().findOneOrFail(Invoice, inv.id);
      expect(stored.isAnnulled).toBe(true);
      // The moved clock is the one stored: the annulment's day is the 10th, in Honduras.
      expect(hondurasDate(stored.annulledAt!)).toBe(hondurasDate(at));
    }, 60_000);

    it('refuses an invoice on day 11, saying to issue a credit note instead, and changes nothing', async () => {
      const inv = await invoice();
      const deadline = monthOf(`${month}-01`).next.slice(0, 8) + '10';
      await refused(
        () => annulAt(nextMonthAt(11, '00:00:30'), 'invoice', inv.id),
        new RegExp(
          `^error: invoice ${inv.id} \\(${inv.fiscalNumber}\\) is of ${month}, which could be annulled until ${lastDay(deadline)}; issue a credit note instead\\n$`,
        ),
      );
      expect(await t.orm.em.fork().findOneOrFail(Invoice, inv.id)).toMatchObject({ isAnnulled: false, annulledAt: null });
    }, 60_000);

    it('with ANNULMENT_DEADLINE_DAY=0 refuses an invoice on day 1 of the next month', async () => {
      const inv = await invoice();
      await refused(
        () => annulAt(nextMonthAt(1, '00:00:30'), 'invoice', inv.id, { ANNULMENT_DEADLINE_DAY: '0' }),
        // Only within its own month: the last day of the document's month.
        new RegExp(
          `^error: invoice ${inv.id} .* is of ${month}, which could be annulled until ${lastDay(addDays(monthOf(`${month}-01`).next, -1))};`,
        ),
      );
    }, 60_000);

    it('annuls a note on day 10, refuses one on day 11 and, with day 0, on day 1', async () => {
      const [early, late, own] = [
        await creditNote((await invoice()).id),
        await creditNote((await invoice()).id),
        await creditNote((await invoice()).id),
      ];
      const accepted = await annulAt(nextMonthAt(10, '12:00:00'), 'note', early.id);
      expect(accepted).toMatchObject({ code: 0, stderr: '' });
      expect(await t.orm.em.fork().findOneOrFail(Note, early.id)).toMatchObject({ isAnnulled: true });

      await refused(
        () => annulAt(nextMonthAt(11, '00:00:30'), 'note', late.id),
        new RegExp(
          `^error: credit note ${late.id} \\(${late.number}\\) is of ${month}, which could be annulled until \\d\\d/\\d\\d/\\d{4}\\n$`,
        ),
      );
      await refused(
        () => annulAt(nextMonthAt(1, '00:00:30'), 'note', own.id, { ANNULMENT_DEADLINE_DAY: '0' }),
        new RegExp(`credit note ${own.id} .* is of ${month}`),
      );
      // The same note is still annulled within the window: nothing was held against it.
      expect((await annulAt(nextMonthAt(10, '12:00:00'), 'note', late.id)).code).toBe(0);
    }, 120_000);
  });

  describe('the console, with its clock moved', () => {
    let c: ConsoleTest;
    let accountant: ConsoleClient;
    let company: { code: string; auth: { Authorization: string } };
    let password: string;
    const code = uniqueCode('AC');

    beforeAll(async () => {
      c = await createConsoleTest();
      await applySetup(c.t, RANGES(code));
      const { auth } = await issueApiKey(c.t.orm, c.t.container, code);
      company = { code, auth };
      password = await c.addOperator('contador@plazo.hn', 'accountant', [code]);
    }, 60_000);
    afterAll(() => c.close());

    /** Moves the console's clock to `at` and signs in again (the old session expired meanwhile). */
    async function at(instant: Date): Promise<void> {
      c.advance(instant.getTime() - c.now.getTime());
      accountant = c.client();
      expect((await accountant.signIn('contador@plazo.hn', password)).status).toBe(303);
    }

    it('refuses an invoice after day 10 of the next month with its refusal page, changing nothing, and annuls within it', async () => {
      const late = await issueSale(c.t.http, company.auth, 'c-1', CART);
      const early = await issueSale(c.t.http, company.auth, 'c-2', CART);
      await at(nextMonthAt(10, '23:00:00'));
      await accountant.get(`/companies/${code}/invoices/${early.id}`);
      expect(
        (await accountant.post(`/companies/${code}/invoices/${early.id}/annul`, { reason: 'Error en el RTN', confirm: '1' })).status,
      ).toBe(303);
      expect(await c.t.orm.em.fork().findOneOrFail(Invoice, early.id)).toMatchObject({ isAnnulled: true });

      await at(nextMonthAt(11, '00:00:30'));
      await accountant.get(`/companies/${code}/invoices/${late.id}`);
      const before = await tableChecksums(c.t.orm);
      const res = await accountant.post(`/companies/${code}/invoices/${late.id}/annul`, { reason: 'Error en el RTN', confirm: '1' });
      expect(res.status).toBe(409);
      expect(res.text).toContain('ANNULMENT_PERIOD_CLOSED');
      expect(res.text).toContain('El plazo para anular este documento venció');
      // In Spanish, with what to do instead, and the typed reason kept in the form.
      expect(res.text).toContain('Una venta se revierte con una nota de crédito');
      expect(res.text).toContain('value="Error en el RTN"');
      expect(await tableChecksums(c.t.orm)).toBe(before);
    }, 60_000);
  });
});
