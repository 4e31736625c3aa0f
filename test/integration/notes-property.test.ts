import Big from 'big.js';
import fc from 'fast-check';
import { Client } from '../../src/entities';
import { clientData, issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

interface InvoiceBody {
  id: number;
  total: number;
  exemptedAmount: number;
  exoneratedAmount: number;
  taxBreakdown: Array<{ rate: number; taxedAmount: number; taxAmount: number }>;
  lines: Array<{ quantity: number }>;
}
interface NoteJson {
  id: number;
  total: number;
  exemptedAmount: number;
  exoneratedAmount: number;
  taxBreakdown: Array<{ rate: number; taxedAmount: number; taxAmount: number }>;
  isAnnulled: boolean;
  lines: Array<{ invoiceLine: number | null; quantity: number }>;
}

const SKUS = ['SKU-G15', 'SKU-G18', 'SKU-EXE', 'SKU-MIX'];

/**
 * Random invoices (15 %, 18 % with a discount, exempt, partly taxable; exonerated or not) and
 * random histories of partial returns, discounts and annulments, through the real CLI and
 * database, ending in --full: no limit is ever passed, and the live notes of the fully credited
 * invoice add up to its amounts to the cent. Kept small (CI has 2 cores): the domain's property
 * test runs the many cases.
 */
describe('credit note histories on real invoices (property)', () => {
  let t: TestApp;
  const code = uniqueCode('Q');
  let auth: { Authorization: string };
  let exoneratedClient: number;
  let sales = 0;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);

  beforeAll(async () => {
    // Sales to a final consumer of any size: the generated carts may pass the threshold above which a buyer's ID is required.
    t = await createTestApp({ env: { FINAL_CONSUMER_ID_THRESHOLD: '0' } });
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [
          productData({ code: 'G15', externalProductId: 'SKU-G15', price: 100.35, isvRate: 15 }),
          productData({ code: 'G18', externalProductId: 'SKU-G18', price: 35.5, isvRate: 18, discountPolicy: 'PROMO' }),
          productData({ code: 'EXE', externalProductId: 'SKU-EXE', price: 28.1, exempt: true }),
          productData({ code: 'MIX', externalProductId: 'SKU-MIX', price: 250, isvRate: 15, exemptPerUnit: 30.33 }),
        ],
        discountPolicies: [{ code: 'PROMO', percent: 12.5, active: true }],
        clients: [
          clientData({ code: 'CLI-EXO', legalId: '08019000000001', exoneration: { certificate: 'EXO-1', validUntil: '2099-01-01' } }),
        ],
        emissionPoints: [
          {
            code: '001',
            caiRanges: [
              { cai: caiOf('a'), rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' },
              { cai: caiOf('b'), rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31', documentType: 'creditNote' },
            ],
          },
        ],
      }),
    );
    ({ auth } = await issueApiKey(t.orm, t.container, code));
    exoneratedClient = (await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-EXO', company: { code } })).id;
  }, 60_000);
  afterAll(() => t.close());

  const quantity = fc.integer({ min: 1, max: 300_000 }).map((n) => n / 10_000);
  const step = fc.oneof(
    fc.record({ kind: fc.constant('return' as const), line: fc.nat(3), fraction: fc.double({ min: 0.05, max: 0.9, noNaN: true }) }),
    fc.record({
      kind: fc.constant('discount' as const),
      cents: fc.integer({ min: 1, max: 30_000 }),
      rate: fc.constantFrom('15', '18', 'exempt'),
    }),
    fc.record({ kind: fc.constant('annul' as const), which: fc.nat(5) }),
  );

  it('never passes a limit, and --full brings the notes to the invoice to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...SKUS), { minLength: 1, maxLength: 4 }),
        fc.array(quantity, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        fc.array(step, { maxLength: 4 }),
        async (skus, quantities, exonerated, steps) => {
          const body = {
            ...(exonerated ? { clientId: exoneratedClient, exemptPurchaseOrderNumber: 'OCE-1' } : {}),
            items: skus.map((sku, i) => ({ externalProductId: sku, quantity: quantities[i] })),
          };
          const res = await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', `p-${++sales}`).send(body);
          expect(res.status).toBe(201);
          const inv = res.body as InvoiceBody;
          const common = ['--company', code, '--invoice-id', String(inv.id), '--reason', 'Prueba'];
          for (const s of steps) {
            if (s.kind === 'annul') {
              const live = (await notesOf(inv.id)).filter((n) => !n.isAnnulled);
              if (live.length > 0)
                expect(
                  (await admin('note', 'annul', '--company', code, '--id', String(live[s.which % live.length].id), '--reason', 'Prueba'))
                    .code,
                ).toBe(0);
              continue;
            }
            const args =
              s.kind === 'return'
                ? [
                    '--return',
                    `${(s.line % skus.length) + 1}:${Math.max(0.0001, Math.floor(quantities[s.line % skus.length] * s.fraction * 10_000) / 10_000)}`,
                  ]
                : ['--discount', (s.cents / 100).toFixed(2), '--rate', s.rate];
            const run = await admin('note', 'credit', ...common, ...args);
            if (run.code !== 0)
              expect(run.stderr).toMatch(
                /^error: (line \d+: [\d.]+ left|rate \d+%: \d+\.\d{2} left|exempt: \d+\.\d{2} left|exonerated: \d+\.\d{2} left|the note would total L [-\d.]+: nothing to credit)\n$/,
              );
            withinLimits(inv, await notesOf(inv.id));
          }
          // A return of a line's tiny whole quantity (0.0001) can take every line before --full does.
          const returnedInFull = everyLineReturned(inv, await notesOf(inv.id));
          const full = await admin('note', 'credit', ...common, '--full');
          // An invoice of L 0.00 (a tiny quantity of a cheap product) has nothing to credit.
          if (inv.total === 0) return expect(full).toMatchObject({ code: 1, stderr: expect.stringMatching(/nothing to credit\n$/) });
          expect(full).toMatchObject(
            returnedInFull
              ? { code: 1, stderr: 'error: nothing is left to credit: every line is returned in full\n' }
              : { code: 0, stderr: '' },
          );
          const live = (await notesOf(inv.id)).filter((n) => !n.isAnnulled);
          withinLimits(inv, live);
          const cents = (values: number[]) => sum(values).toFixed(2);
          expect(cents(live.map((n) => n.total))).toBe(inv.total.toFixed(2));
          expect(cents(live.map((n) => n.exemptedAmount))).toBe(inv.exemptedAmount.toFixed(2));
          expect(cents(live.map((n) => n.exoneratedAmount))).toBe(inv.exoneratedAmount.toFixed(2));
          for (const tax of inv.taxBreakdown) {
            const at = live.flatMap((n) => n.taxBreakdown.filter((x) => x.rate === tax.rate));
            expect([cents(at.map((x) => x.taxedAmount)), cents(at.map((x) => x.taxAmount))]).toEqual([
              tax.taxedAmount.toFixed(2),
              tax.taxAmount.toFixed(2),
            ]);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 300_000);

  async function notesOf(invoiceId: number): Promise<NoteJson[]> {
    const run = await admin('note', 'list', '--company', code, '--invoice-id', String(invoiceId), '--json');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as NoteJson[];
  }

  const sum = (values: number[]) => values.reduce((a, v) => a.plus(v), new Big(0));
  const returnedOf = (live: NoteJson[], position: number) =>
    sum(live.flatMap((n) => n.lines.filter((l) => l.invoiceLine === position).map((l) => l.quantity)));

  function everyLineReturned(inv: InvoiceBody, notes: NoteJson[]): boolean {
    const live = notes.filter((n) => !n.isAnnulled);
    return inv.lines.every((item, i) => returnedOf(live, i + 1).eq(item.quantity));
  }

  function withinLimits(inv: InvoiceBody, notes: NoteJson[]): void {
    const live = notes.filter((n) => !n.isAnnulled);
    expect(sum(live.map((n) => n.total)).lte(inv.total)).toBe(true);
    expect(sum(live.map((n) => n.exemptedAmount)).lte(inv.exemptedAmount)).toBe(true);
    expect(sum(live.map((n) => n.exoneratedAmount)).lte(inv.exoneratedAmount)).toBe(true);
    for (const n of live)
      for (const tax of n.taxBreakdown) {
        const limit = inv.taxBreakdown.find((x) => x.rate === tax.rate);
        const at = live.flatMap((m) => m.taxBreakdown.filter((x) => x.rate === tax.rate));
        expect(sum(at.map((x) => x.taxedAmount)).lte(limit?.taxedAmount ?? 0)).toBe(true);
        expect(sum(at.map((x) => x.taxAmount)).lte(limit?.taxAmount ?? 0)).toBe(true);
      }
    inv.lines.forEach((item, i) => {
      expect(returnedOf(live, i + 1).lte(item.quantity)).toBe(true);
    });
  }
});
