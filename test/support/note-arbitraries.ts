import Big from 'big.js';
import fc from 'fast-check';
import { computeTotals, type TotalsLineInput } from '../../src/domain/totals-engine';
import type { InvoiceForNotes } from '../../src/domain/notes/note-amounts';

/** Decimals with `scale` places between min and max (as integers of the last place). */
export const decimal = (min: number, max: number, scale: number) => fc.integer({ min, max }).map((n) => new Big(n).div(10 ** scale));

/** One invoice line as the engine takes it: 15 %, 18 %, exempt or partly taxable, maybe discounted. */
export const invoiceLineInput: fc.Arbitrary<TotalsLineInput> = fc
  .record({
    quantity: decimal(1, 50_000, 4),
    price: decimal(0, 500_000, 4),
    discount: fc.option(decimal(0, 100, 0), { nil: null }),
    kind: fc.constantFrom('15', '18', 'exempt', 'partly'),
    exemptPerUnit: decimal(1, 20_000, 4),
  })
  .map(({ quantity, price, discount, kind, exemptPerUnit }) => ({
    quantity,
    suppliedPrice: price,
    catalogPrice: null,
    discountPercent: discount,
    product: {
      exempt: kind === 'exempt',
      isvRate: kind === 'exempt' ? null : new Big(kind === '18' ? 18 : 15),
      exemptPerUnit: kind === 'partly' ? exemptPerUnit : null,
    },
  }));

/** An invoice of 1..5 lines, exonerated or not, as a note reads it (positions 1-based). */
export const invoiceForNotes: fc.Arbitrary<InvoiceForNotes> = fc
  .record({ lines: fc.array(invoiceLineInput, { minLength: 1, maxLength: 5 }), exonerated: fc.boolean() })
  .map(({ lines, exonerated }) => invoiceFromEngine(lines, exonerated));

export function invoiceFromEngine(lines: TotalsLineInput[], exonerated: boolean): InvoiceForNotes {
  const totals = computeTotals({ lines, exonerated, exchangeRate: null });
  return {
    exonerated,
    lines: totals.lines.map((l, i) => ({
      position: i + 1,
      code: `P-${i + 1}`,
      description: `Producto ${i + 1}`,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      importe: l.importe,
      discountAmount: l.discountAmount,
      subTotal: l.subTotal,
      exemptAmount: l.exemptAmount,
      isvRate: l.isvRate,
    })),
    taxes: totals.taxBreakdown,
    exemptedAmount: totals.exemptedAmount,
    exoneratedAmount: totals.exoneratedAmount,
    total: totals.total,
  };
}

/** One step of a note history: a partial return, a discount, or the annulment of an earlier note. */
export type NoteStep =
  | { kind: 'return'; picks: Array<{ line: number; fraction: number }> }
  | { kind: 'discount'; amount: Big; rate: 'exempt' | '15' | '18' }
  | { kind: 'annul'; which: number };

export const noteStep: fc.Arbitrary<NoteStep> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      picks: fc.array(fc.record({ line: fc.nat(4), fraction: fc.double({ min: 0.0001, max: 1, noNaN: true }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('discount' as const),
      amount: decimal(1, 2_000_000, 2),
      rate: fc.constantFrom('exempt' as const, '15' as const, '18' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('annul' as const), which: fc.nat(10) }) },
);
