import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { CompanyDirectory } from '../../src/services/company';
import { NoteReader } from '../../src/services/sales';
import { NumberingAuditService, type AuditResult } from '../../src/services/fiscal-reports';
import { inContext, issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const ranges: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31' },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31', documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31', documentType: 'debitNote' },
];

/**
 * `admin audit` reads a company's notes as it reads its invoices: in pages of a bounded size, never
 * all at once. With pages of two rows the audit walks several pages of notes and of credited
 * invoices and finds exactly what one large page finds, discrepancies on later pages included.
 */
describe('admin audit over many notes', () => {
  let t: TestApp;
  const code = uniqueCode('A');
  const invoices: number[] = [];
  const notes: number[] = [];
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const sql = (statement: string, params: unknown[]) => t.orm.em.fork().getConnection().execute(statement, params);
  const audit = (pageSize?: number): Promise<AuditResult> =>
    inContext(t.orm, async () =>
      t.container.get(NumberingAuditService).audit(await t.container.get(CompanyDirectory).byCode(code), pageSize),
    );

  async function note(...args: string[]): Promise<number> {
    const run = await admin('note', ...args, '--company', code, '--reason', 'Ajuste', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const { id } = JSON.parse(run.stdout) as { id: number };
    notes.push(id);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [productData({ code: 'ARROZ', price: 100, isvRate: 15 })],
        emissionPoints: [{ code: '001', caiRanges: ranges }],
      }),
    );
    const { auth } = await issueApiKey(t.orm, t.container, code);
    for (const key of ['p-1', 'p-2', 'p-3']) {
      const res = await t.http
        .post('/v1/invoices')
        .set(auth)
        .set('Idempotency-Key', key)
        .send({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }] });
      expect(res.status).toBe(201);
      invoices.push(res.body.id as number);
    }
    const [first, second, third] = invoices.map(String);
    await note('credit', '--invoice-id', first, '--return', '1:1');
    await note('credit', '--invoice-id', first, '--return', '1:1');
    await note('debit', '--invoice-id', first, '--description', 'Flete', '--amount', '25', '--rate', '15');
    const annulled = await note('credit', '--invoice-id', second, '--return', '1:3');
    expect((await admin('note', 'annul', '--company', code, '--id', String(annulled), '--reason', 'Error')).code).toBe(0);
    await note('credit', '--invoice-id', second, '--return', '1:2');
    await note('credit', '--invoice-id', third, '--full');
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('reads notes and credited invoices a page at a time and finds the record sound, as one large page does', async () => {
    const reader = t.container.get(NoteReader);
    const pages = jest.spyOn(reader, 'page');
    const creditedInvoices = jest.spyOn(reader, 'creditedInvoiceIds');
    const liveCredits = jest.spyOn(reader, 'liveCreditNotesOf');
    const whole = jest.spyOn(reader, 'list');

    const paged = await audit(2);

    expect(paged).toEqual({ invoices: 3, notes: 6, ranges: 3, discrepancies: [] });
    expect(await audit()).toEqual(paged);
    expect(whole).not.toHaveBeenCalled();
    // 6 notes in pages of 2: three full pages and an empty one; 3 credited invoices: two pages.
    expect(pages.mock.calls.slice(0, 4).map(([, afterId, limit]) => [afterId, limit])).toEqual([
      [0, 2],
      [notes[1], 2],
      [notes[3], 2],
      [notes[5], 2],
    ]);
    expect(creditedInvoices.mock.calls.slice(0, 2).map(([, after]) => after)).toEqual([0, invoices[1]]);
    for (const [ids] of liveCredits.mock.calls.slice(0, 2)) expect(ids.length).toBeLessThanOrEqual(2);
  });

  it('finds a wrong note and an invoice credited past its limit on later pages', async () => {
    const last = notes[notes.length - 1];
    await sql('update notes set total = total + 1 where id = ?', [last]);
    await sql('update note_lines set quantity = 4 where note_id = ?', [notes[4]]);
    try {
      const paged = await audit(2);
      expect(paged.discrepancies).toEqual((await audit()).discrepancies);
      expect(paged.discrepancies).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^credit note ${last} \\(000-001-06-\\d{8}\\): stored total `)),
          expect.stringMatching(
            new RegExp(`^invoice ${invoices[1]} \\(000-001-01-\\d{8}\\): its credit notes return 4 of line 1, more than its 3`),
          ),
        ]),
      );
    } finally {
      await sql('update notes set total = total - 1 where id = ?', [last]);
      await sql('update note_lines set quantity = 2 where note_id = ?', [notes[4]]);
    }
  });
});
