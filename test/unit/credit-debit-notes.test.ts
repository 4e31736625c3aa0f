import Big from 'big.js';
import fc from 'fast-check';
import { sum, ZERO } from '../../src/domain/money';
import { computeCreditNote, NoteRefusal, type CreditRequest } from '../../src/domain/notes/credit-note';
import { computeDebitNote } from '../../src/domain/notes/debit-note';
import { invariantHolds, LESS_CREDITED_DISCOUNTS, type InvoiceForNotes, type NoteAmounts } from '../../src/domain/notes/note-amounts';
import { proRata2 } from '../../src/domain/notes/pro-rata';
import { rateKey } from '../../src/domain/sale-amounts';
import { invoiceForNotes, invoiceFromEngine, noteStep, type NoteStep } from '../support/note-arbitraries';

const big = (v: string | number) => new Big(v);

/** One line of n units at price p, 15 % unless said, with a discount percent. */
function line(quantity: string, price: string, opts: { rate?: number | null; discount?: number; exemptPerUnit?: string } = {}) {
  const rate = opts.rate === undefined ? 15 : opts.rate;
  return {
    quantity: big(quantity),
    suppliedPrice: big(price),
    catalogPrice: null,
    discountPercent: opts.discount === undefined ? null : big(opts.discount),
    product: {
      exempt: rate === null,
      isvRate: rate === null ? null : big(rate),
      exemptPerUnit: opts.exemptPerUnit ? big(opts.exemptPerUnit) : null,
    },
  };
}

function refusal(fn: () => unknown): NoteRefusal {
  try {
    fn();
  } catch (err) {
    if (err instanceof NoteRefusal) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('pro rata of a returned quantity', () => {
  it('rounds amount x c / q once, half-up, never c / q alone', () => {
    // 100 x 1/3 = 33.333.. -> 33.33; with c/q rounded to 4 places first it would be 33.33 too, but 0.01 x 1/2 shows the half-up.
    expect(proRata2(big('100'), big(1), big(3)).toFixed(2)).toBe('33.33');
    expect(proRata2(big('0.01'), big(1), big(2)).toFixed(2)).toBe('0.01');
    // 1000000.00 x 1/3: rounding 1/3 to 0.3333 would give 333300.00.
    expect(proRata2(big('1000000'), big(1), big(3)).toFixed(2)).toBe('333333.33');
    expect(proRata2(big('10.05'), big('0.5'), big(1)).toFixed(2)).toBe('5.03');
  });

  it('is the whole amount at the whole quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), fc.integer({ min: 1, max: 10 ** 10 }), (cents, q4) => {
        const amount = big(cents).div(100);
        const q = big(q4).div(10_000);
        expect(proRata2(amount, q, q).eq(amount)).toBe(true);
      }),
    );
  });
});

describe('a credit note', () => {
  const invoice = invoiceFromEngine([line('3', '100'), line('1', '50', { rate: 18 }), line('2', '10', { rate: null })], false);

  it('returns part of a line at its pro-rata amounts and tax', () => {
    const note = computeCreditNote(invoice, [], { kind: 'return', returns: [{ position: 1, quantity: big(1) }] });
    expect(note.importe.toFixed(2)).toBe('100.00');
    expect(note.taxBreakdown.map((t) => [t.rate.toString(), t.taxedAmount.toFixed(2), t.taxAmount.toFixed(2)])).toEqual([
      ['15', '100.00', '15.00'],
    ]);
    expect(note.total.toFixed(2)).toBe('115.00');
    expect(invariantHolds(note)).toBe(true);
  });

  it('the completing return takes exactly what is left', () => {
    const thirds = invoiceFromEngine([line('3', '33.35')], false); // importe 100.05
    const first = computeCreditNote(thirds, [], { kind: 'return', returns: [{ position: 1, quantity: big(1) }] });
    const second = computeCreditNote(thirds, [first], { kind: 'return', returns: [{ position: 1, quantity: big(1) }] });
    const third = computeCreditNote(thirds, [first, second], { kind: 'return', returns: [{ position: 1, quantity: big(1) }] });
    expect(sum([first, second, third].map((n) => n.importe)).toFixed(2)).toBe('100.05');
    expect(sum([first, second, third].map((n) => n.total)).eq(thirds.total)).toBe(true);
  });

  it('refuses a quantity over what is left, naming the line', () => {
    const first = computeCreditNote(invoice, [], { kind: 'return', returns: [{ position: 1, quantity: big('1.5') }] });
    const error = refusal(() => computeCreditNote(invoice, [first], { kind: 'return', returns: [{ position: 1, quantity: big(2) }] }));
    expect(error).toMatchObject({ kind: 'limit', message: 'line 1: 1.5 left' });
    expect(refusal(() => computeCreditNote(invoice, [], { kind: 'return', returns: [{ position: 9, quantity: big(1) }] })).kind).toBe(
      'input',
    );
  });

  it('refuses a discount over the base left at its rate, naming the rate and the base left', () => {
    const first = computeCreditNote(invoice, [], { kind: 'discount', amount: big(210), rate: big(15) });
    expect(first.total.toFixed(2)).toBe('241.50');
    expect(refusal(() => computeCreditNote(invoice, [first], { kind: 'discount', amount: big(100), rate: big(15) })).message).toBe(
      'rate 15%: 90.00 left',
    );
    expect(refusal(() => computeCreditNote(invoice, [], { kind: 'discount', amount: big(21), rate: null })).message).toBe(
      'exempt: 20.00 left',
    );
    expect(refusal(() => computeCreditNote(invoice, [], { kind: 'discount', amount: big(1), rate: big(12) })).message).toBe(
      'rate 12%: 0.00 left',
    );
  });

  it('--full after a discount returns every line and takes the discount back per rate', () => {
    const discount = computeCreditNote(invoice, [], { kind: 'discount', amount: big(30), rate: big(15) });
    const partial = computeCreditNote(invoice, [discount], { kind: 'return', returns: [{ position: 2, quantity: big(1) }] });
    const full = computeCreditNote(invoice, [discount, partial], { kind: 'full' });
    expect(full.lines.map((l) => [l.description, l.importe.toFixed(2)])).toEqual([
      ['Producto 1', '300.00'],
      ['Producto 3', '20.00'],
      [LESS_CREDITED_DISCOUNTS, '-30.00'],
    ]);
    const all = [discount, partial, full];
    expect(sum(all.map((n) => n.total)).eq(invoice.total)).toBe(true);
    expect(refusal(() => computeCreditNote(invoice, all, { kind: 'full' }))).toMatchObject({ kind: 'nothing-left' });
  });

  it('on an exonerated invoice is exonerated and limited by the exonerated amount', () => {
    const exonerated = invoiceFromEngine([line('2', '100'), line('1', '10', { rate: null })], true);
    const note = computeCreditNote(exonerated, [], { kind: 'return', returns: [{ position: 1, quantity: big(1) }] });
    expect([note.exoneratedAmount.toFixed(2), note.totalTaxes.toFixed(2), note.taxBreakdown.length]).toEqual(['100.00', '0.00', 0]);
    expect(refusal(() => computeCreditNote(exonerated, [note], { kind: 'discount', amount: big('100.01'), rate: big(15) })).message).toBe(
      'exonerated: 100.00 left',
    );
  });
});

describe('a debit note', () => {
  it('charges quantity x amount at its rate, exonerated on an exonerated invoice', () => {
    const note = computeDebitNote(false, { description: 'Flete', unitPrice: big('10.5'), quantity: big(3), rate: big(15) });
    expect([note.importe.toFixed(2), note.totalTaxes.toFixed(2), note.total.toFixed(2)]).toEqual(['31.50', '4.73', '36.23']);
    const exonerated = computeDebitNote(true, { description: 'Flete', unitPrice: big(10), quantity: big(1), rate: big(15) });
    expect([exonerated.exoneratedAmount.toFixed(2), exonerated.total.toFixed(2)]).toEqual(['10.00', '10.00']);
    expect(invariantHolds(note) && invariantHolds(exonerated)).toBe(true);
  });
});

/** The request a step makes of the invoice as credited so far. */
function requestOf(invoice: InvoiceForNotes, step: NoteStep): CreditRequest | null {
  if (step.kind === 'annul') return null;
  if (step.kind === 'discount') return { kind: 'discount', amount: step.amount, rate: step.rate === 'exempt' ? null : big(step.rate) };
  const picks = new Map<number, number>();
  for (const p of step.picks) picks.set((p.line % invoice.lines.length) + 1, p.fraction);
  return {
    kind: 'return',
    returns: [...picks].map(([position, fraction]) => {
      const q = invoice.lines[position - 1].quantity;
      const c = q.times(fraction).round(4, Big.roundDown);
      return { position, quantity: c.gt(0) ? c : q };
    }),
  };
}

/** The credited sums of notes, rate by rate, to compare with the invoice. */
function sums(notes: readonly NoteAmounts[]) {
  const byRate = new Map<string, { base: Big; tax: Big }>();
  for (const n of notes)
    for (const t of n.taxBreakdown) {
      const e = byRate.get(rateKey(t.rate)) ?? { base: ZERO, tax: ZERO };
      byRate.set(rateKey(t.rate), { base: e.base.plus(t.taxedAmount), tax: e.tax.plus(t.taxAmount) });
    }
  return {
    byRate,
    exempt: sum(notes.map((n) => n.exemptedAmount)),
    exonerated: sum(notes.map((n) => n.exoneratedAmount)),
    total: sum(notes.map((n) => n.total)),
  };
}

function withinLimits(invoice: InvoiceForNotes, live: readonly NoteAmounts[]): void {
  const s = sums(live);
  for (const [key, e] of s.byRate) {
    const inv = invoice.taxes.find((t) => rateKey(t.rate) === key);
    expect(e.base.lte(inv?.taxedAmount ?? ZERO)).toBe(true);
    expect(e.tax.lte(inv?.taxAmount ?? ZERO)).toBe(true);
  }
  expect(s.exempt.lte(invoice.exemptedAmount)).toBe(true);
  expect(s.exonerated.lte(invoice.exoneratedAmount)).toBe(true);
  expect(s.total.lte(invoice.total)).toBe(true);
  for (const l of invoice.lines) {
    const returned = sum(live.flatMap((n) => n.lines.filter((x) => x.invoiceLine === l.position).map((x) => x.quantity)));
    expect(returned.lte(l.quantity)).toBe(true);
  }
}

describe('any history of credit notes (property)', () => {
  it("never passes a limit, keeps every note's invariant, and a final --full brings the notes to the invoice to the cent", () => {
    fc.assert(
      fc.property(invoiceForNotes, fc.array(noteStep, { maxLength: 8 }), (invoice, steps) => {
        let live: NoteAmounts[] = [];
        for (const step of steps) {
          if (step.kind === 'annul') {
            if (live.length > 0) live = live.filter((_, i) => i !== step.which % live.length);
            continue;
          }
          try {
            const note = computeCreditNote(invoice, live, requestOf(invoice, step)!);
            expect(invariantHolds(note)).toBe(true);
            expect(note.total.gt(0)).toBe(true);
            live = [...live, note];
          } catch (err) {
            if (!(err instanceof NoteRefusal)) throw err;
          }
          withinLimits(invoice, live);
        }
        let full: NoteAmounts | null = null;
        try {
          full = computeCreditNote(invoice, live, { kind: 'full' });
        } catch (err) {
          if (!(err instanceof NoteRefusal)) throw err;
        }
        if (full) {
          expect(invariantHolds(full)).toBe(true);
          live = [...live, full];
        }
        withinLimits(invoice, live);
        const s = sums(live);
        if (full === null && !live.length && invoice.total.gt(0)) throw new Error('an invoice with a total was not credited by --full');
        if (full !== null || live.length > 0) {
          // Fully credited when nothing is left of any line.
          const linesLeft = invoice.lines.some((l) =>
            sum(live.flatMap((n) => n.lines.filter((x) => x.invoiceLine === l.position).map((x) => x.quantity))).lt(l.quantity),
          );
          if (!linesLeft) {
            expect(s.total.toFixed(2)).toBe(invoice.total.toFixed(2));
            expect(s.exempt.toFixed(2)).toBe(invoice.exemptedAmount.toFixed(2));
            expect(s.exonerated.toFixed(2)).toBe(invoice.exoneratedAmount.toFixed(2));
            for (const t of invoice.taxes) {
              expect(s.byRate.get(rateKey(t.rate))?.base.toFixed(2)).toBe(t.taxedAmount.toFixed(2));
              expect(s.byRate.get(rateKey(t.rate))?.tax.toFixed(2)).toBe(t.taxAmount.toFixed(2));
            }
            expect(sum(live.map((n) => n.importe.minus(n.discountTotal))).eq(sum(invoice.lines.map((l) => l.subTotal)))).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
