import Big from 'big.js';
import { amountInWords } from '../../../domain/amount-in-words';
import { sum, ZERO } from '../../../domain/money';
import { creditedSoFar } from '../../../domain/notes/credited-so-far';
import { basesPerRate, rateKey, storedLineAmounts, storedTaxEntry, taxableBase, taxOf } from '../../../domain/sale-amounts';
import { type InvoiceForNotes, type NoteAmounts, type NoteLineAmounts } from '../../../domain/notes/note-amounts';
import { documentName, type NoteView } from '../../sales';

/** A stored note's lines and amounts as the domain reads them. */
export function noteAmountsOf(note: NoteView): NoteAmounts {
  const big = (v: string) => new Big(v);
  const lines: NoteLineAmounts[] = note.lines.map((l) => ({
    invoiceLine: l.invoiceLineNumber,
    code: l.productCode,
    description: l.description,
    ...storedLineAmounts(l),
  }));
  return {
    lines,
    importe: big(note.importe),
    discountTotal: big(note.discountTotal),
    exemptedAmount: big(note.exemptedAmount),
    exoneratedAmount: big(note.exoneratedAmount),
    taxBreakdown: note.taxes.map(storedTaxEntry),
    totalTaxes: big(note.totalTaxes),
    total: big(note.total),
  };
}

/**
 * Every way a stored note's amounts differ from what its stored lines give: the sums, the base
 * per rate, the tax of a debit note (a credit note's tax may be its invoice's remainder, which
 * the limits check), the total, the invariant and the total in words.
 */
export function noteDiscrepancies(note: NoteView): string[] {
  const name = documentName(note.documentType, note);
  const a = noteAmountsOf(note);
  const problems: string[] = [];
  const differs = (what: string, stored: Big, computed: Big) => {
    if (!stored.eq(computed)) problems.push(`${name}: stored ${what} ${stored.toFixed(2)}, its lines give ${computed.toFixed(2)}`);
  };
  if (a.lines.length === 0) return [`${name}: has no lines`];
  a.lines.forEach((l, i) => differs(`line ${i + 1} subTotal`, l.subTotal, l.importe.minus(l.discountAmount)));
  differs('importe', a.importe, sum(a.lines.map((l) => l.importe)));
  differs('discountTotal', a.discountTotal, sum(a.lines.map((l) => l.discountAmount)));
  differs('exemptedAmount', a.exemptedAmount, sum(a.lines.map((l) => l.exemptAmount)));
  differs('exoneratedAmount', a.exoneratedAmount, note.isExonerated ? sum(a.lines.map(taxableBase)) : ZERO);
  if (!note.isExonerated) {
    // A line with a base and no rate has no entry to compare with: its base goes unreported here.
    const lineBases = a.lines.flatMap((l) => (l.isvRate === null ? [] : [{ rate: l.isvRate, base: taxableBase(l) }]));
    const bases = new Map(basesPerRate(lineBases).map(({ rate, base }) => [rateKey(rate), base]));
    for (const t of a.taxBreakdown) {
      differs(`base at ${t.rate.toString()}%`, t.taxedAmount, bases.get(rateKey(t.rate)) ?? ZERO);
      if (note.documentType === 'debitNote') differs(`ISV at ${t.rate.toString()}%`, t.taxAmount, taxOf(t.taxedAmount, t.rate));
      bases.delete(rateKey(t.rate));
    }
    for (const [rate, base] of bases)
      problems.push(`${name}: its lines have a base of ${base.toFixed(2)} at ${rate}% and no tax entry for it`);
  }
  differs('totalTaxes', a.totalTaxes, sum(a.taxBreakdown.map((t) => t.taxAmount)));
  differs('total', a.total, a.importe.minus(a.discountTotal).plus(a.totalTaxes));
  if (note.totalInLetters !== amountInWords(a.total))
    problems.push(`${name}: totalInLetters does not spell its stored total ${note.total}`);
  return problems;
}

/** Where the live credit notes of an invoice pass one of its limits: one sentence each. */
export function limitDiscrepancies(invoiceName: string, invoice: InvoiceForNotes, liveCreditNotes: readonly NoteView[]): string[] {
  const credited = creditedSoFar(liveCreditNotes.map(noteAmountsOf));
  const problems: string[] = [];
  const over = (what: string, done: Big, limit: Big) => {
    if (done.gt(limit))
      problems.push(`${invoiceName}: its credit notes credit ${done.toFixed(2)} of ${what}, more than its ${limit.toFixed(2)}`);
  };
  for (const line of invoice.lines) {
    const returned = credited.returned.get(line.position)?.quantity ?? ZERO;
    if (returned.gt(line.quantity))
      problems.push(
        `${invoiceName}: its credit notes return ${returned.toString()} of line ${line.position}, more than its ${line.quantity.toString()}`,
      );
  }
  for (const [key, c] of credited.byRate) {
    const tax = invoice.taxes.find((t) => rateKey(t.rate) === key);
    over(`the base at ${key}%`, c.base, tax?.taxedAmount ?? ZERO);
    over(`the ISV at ${key}%`, c.tax, tax?.taxAmount ?? ZERO);
  }
  over('the exempt amount', credited.exempt, invoice.exemptedAmount);
  over('the exonerated amount', credited.exonerated, invoice.exoneratedAmount);
  over('the total', credited.total, invoice.total);
  return problems;
}
