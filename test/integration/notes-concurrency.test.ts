import Big from 'big.js';
import { AppError } from '../../src/domain/app-error';
import { CaiRange, Company, Note } from '../../src/entities';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { NoteIssuer } from '../../src/services/sales';
import { runAdminProcess } from '../support/admin-process';
import { inContext, issueApiKey, TEST_ACTOR, uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const RANGES: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
];

/**
 * 20 credit notes of one invoice at once, 10 from this process and 10 from CLI processes of their
 * own, whose sum would pass the invoice's base at 15 % (200.00): they wait for each other on the
 * invoice's lock, so exactly those that fit are issued, gapless, and the others consume nothing.
 */
describe('concurrent credit notes of one invoice', () => {
  let t: TestApp;
  const code = uniqueCode('K');

  beforeAll(async () => {
    t = await createTestApp();
    await applySetup(t, setupWithRanges(RANGES, code));
  }, 60_000);
  afterAll(() => t.close());

  it('never pass a limit together; numbers stay gapless; refused ones consume nothing', async () => {
    const { auth } = await issueApiKey(t.orm, t.container, code);
    const invoiceId = (await issueSale(t.http, auth, 'k-1', CART)).id;
    const company = await t.orm.em.fork().findOneOrFail(Company, { code });
    const ref = { id: company.id, code };
    const request = {
      type: 'creditNote' as const,
      invoiceId,
      reason: 'Descuento',
      emissionPoint: null,
      credit: { kind: 'discount' as const, amount: new Big(30), rate: new Big(15) },
    };

    const here = Array.from({ length: 10 }, () =>
      inContext(t.orm, () => t.container.get(NoteIssuer).issue(TEST_ACTOR, ref, request, null)).then(
        () => 'issued',
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'NOTE_LIMIT_EXCEEDED') return 'refused';
          throw err;
        },
      ),
    );
    const there = Array.from({ length: 10 }, () =>
      runAdminProcess(t.config.databaseUrl, noteCommand('credit', code, invoiceId, 'Descuento', '--discount', '30', '--rate', '15'), {
        // Ten processes starting at once on a loaded 2-core machine: one may not finish the
        // database handshake within the 5 s default while the others load (connect ETIMEDOUT).
        DB_CONNECT_TIMEOUT_SECONDS: '60',
      }).then((run) => {
        if (run.code === 0) return 'issued';
        expect(run.code).toBe(1);
        expect(run.stdout.length).toBe(0);
        expect(run.stderr).toMatch(/^error: rate 15%: \d+\.\d{2} left\n$/);
        return 'refused';
      }),
    );
    const outcomes = await Promise.all([...here, ...there]);
    // 6 x 30.00 = 180.00 fits in 200.00; a seventh would not.
    expect(outcomes.filter((o) => o === 'issued')).toHaveLength(6);

    const em = t.orm.em.fork();
    const notes = await em.find(Note, { invoice: invoiceId }, { orderBy: { noteNumber: 'asc' }, populate: ['taxes'] });
    expect(notes.map((n) => n.noteNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    const base = notes.reduce((acc, n) => acc.plus(n.taxes.getItems()[0].taxedAmount), new Big(0));
    const tax = notes.reduce((acc, n) => acc.plus(n.taxes.getItems()[0].taxAmount), new Big(0));
    expect([base.toFixed(2), tax.toFixed(2)]).toEqual(['180.00', '27.00']);
    const range = await em.findOneOrFail(CaiRange, { cai: caiOf('b'), emissionPoint: { establishment: { company: company.id } } });
    expect(range.nextNumber).toBe(7);
  }, 180_000);
});
