import Big from 'big.js';
import { amountInWords } from '../../../domain/amount-in-words';
import { computeTotals, InvoiceTotals, TotalsLineInput } from '../../../domain/totals-engine';
import type { Invoice, InvoiceLine } from '../../../entities';
import type { InvoiceForNotes } from '../../../domain/notes/note-amounts';
import { wasExonerated } from '../../../domain/sale-amounts';

/**
 * The totals engine's inputs that reproduce a stored line. The line keeps its unit price,
 * quantity and amounts but not the discount percent or the exempt amount per unit it was priced
 * with; its own ratios stand in for them, and the engine rounds them back to the stored cents
 * exactly when the line is consistent. Anything else (an importe that is not price x quantity,
 * a changed total) shows as a difference.
 */
function engineLine(line: InvoiceLine): TotalsLineInput {
  const quantity = new Big(line.quantity);
  const importe = new Big(line.importe);
  const discount = new Big(line.discountAmount);
  const exempt = new Big(line.exemptAmount);
  const wholeLineExempt = exempt.gt(0) && exempt.eq(new Big(line.subTotal));
  return {
    quantity,
    suppliedPrice: new Big(line.unitPrice),
    catalogPrice: null,
    // A discount on a zero importe cannot come from any percent; 101 makes the engine refuse it.
    discountPercent: discount.eq(0) ? null : importe.eq(0) ? new Big(101) : discount.div(importe).times(100),
    product: {
      exempt: wholeLineExempt,
      isvRate: line.isvRate === null ? null : new Big(line.isvRate),
      exemptPerUnit: !wholeLineExempt && exempt.gt(0) ? exempt.div(quantity) : null,
    },
  };
}

/** Exonerated sales carry an exonerated amount or one of the exonerated buyer's references. */
function exonerated(invoice: Invoice): boolean {
  const references = [invoice.exonerationCertificate, invoice.exonerationSagRegistry, invoice.exemptPurchaseOrderNumber];
  return wasExonerated(new Big(invoice.exoneratedAmount), references);
}

/**
 * Every way an invoice's stored amounts differ from what the totals engine gives for its stored
 * lines, one sentence each naming the invoice; empty when they agree.
 */
export function totalsDiscrepancies(invoice: Invoice): string[] {
  const name = `invoice ${invoice.id} (${invoice.fiscalNumber})`;
  const lines = invoice.lines.getItems();
  if (lines.length === 0) return [`${name}: has no lines`];
  let totals: InvoiceTotals;
  try {
    totals = computeTotals({ lines: lines.map(engineLine), exonerated: exonerated(invoice), exchangeRate: null });
  } catch (err) {
    return [`${name}: its stored lines cannot be priced by the totals engine (${(err as Error).message})`];
  }
  const problems: string[] = [];
  const differs = (what: string, stored: string, computed: Big): void => {
    if (!new Big(stored).eq(computed)) problems.push(`${name}: stored ${what} ${stored}, the totals engine gives ${computed.toFixed(2)}`);
  };
  lines.forEach((line, i) => {
    const computed = totals.lines[i];
    differs(`line ${line.lineNumber} importe`, line.importe, computed.importe);
    differs(`line ${line.lineNumber} subTotal`, line.subTotal, computed.subTotal);
  });
  differs('importe', invoice.importe, totals.importe);
  differs('discountTotal', invoice.discountTotal, totals.discountTotal);
  differs('exemptedAmount', invoice.exemptedAmount, totals.exemptedAmount);
  differs('exoneratedAmount', invoice.exoneratedAmount, totals.exoneratedAmount);
  differs('totalTaxes', invoice.totalTaxes, totals.totalTaxes);
  differs('total', invoice.total, totals.total);
  problems.push(...taxDiscrepancies(name, invoice, totals));

  const taxed = invoice.taxes.getItems().reduce((acc, t) => acc.plus(t.taxedAmount), new Big(0));
  const left = new Big(invoice.exemptedAmount).plus(invoice.exoneratedAmount).plus(taxed);
  const right = new Big(invoice.importe).minus(invoice.discountTotal);
  if (!left.eq(right)) {
    problems.push(
      `${name}: stored exempt + exonerated + taxed amounts (${left.toFixed(2)}) differ from importe - discounts (${right.toFixed(2)})`,
    );
  }
  if (invoice.totalInLetters !== amountInWords(invoice.total))
    problems.push(`${name}: totalInLetters does not spell its stored total ${invoice.total}`);
  return problems;
}

function taxDiscrepancies(name: string, invoice: Invoice, totals: InvoiceTotals): string[] {
  const stored = new Map(invoice.taxes.getItems().map((t) => [new Big(t.rate).toString(), t]));
  const computed = new Map(totals.taxBreakdown.map((t) => [t.rate.toString(), t]));
  const problems: string[] = [];
  for (const rate of new Set([...stored.keys(), ...computed.keys()])) {
    const s = stored.get(rate);
    const c = computed.get(rate);
    if (!s || !c) {
      problems.push(`${name}: ${s ? 'stores' : 'lacks'} an ISV ${rate}% entry the totals engine ${s ? 'does not give' : 'gives'}`);
    } else if (!new Big(s.taxedAmount).eq(c.taxedAmount) || !new Big(s.taxAmount).eq(c.taxAmount)) {
      problems.push(
        `${name}: stored ISV ${rate}% base ${s.taxedAmount} tax ${s.taxAmount}, the totals engine gives base ${c.taxedAmount.toFixed(2)} tax ${c.taxAmount.toFixed(2)}`,
      );
    }
  }
  return problems;
}

/** A stored invoice as its notes are computed against (lines by position, taxes, limits). */
export function invoiceForNotesOf(invoice: Invoice): InvoiceForNotes {
  return {
    exonerated: exonerated(invoice),
    lines: invoice.lines.getItems().map((l) => ({
      position: l.lineNumber,
      code: l.productCode,
      description: l.description,
      quantity: new Big(l.quantity),
      unitPrice: new Big(l.unitPrice),
      importe: new Big(l.importe),
      discountAmount: new Big(l.discountAmount),
      subTotal: new Big(l.subTotal),
      exemptAmount: new Big(l.exemptAmount),
      isvRate: l.isvRate === null ? null : new Big(l.isvRate),
    })),
    taxes: invoice.taxes
      .getItems()
      .map((t) => ({ rate: new Big(t.rate), taxedAmount: new Big(t.taxedAmount), taxAmount: new Big(t.taxAmount) })),
    exemptedAmount: new Big(invoice.exemptedAmount),
    exoneratedAmount: new Big(invoice.exoneratedAmount),
    total: new Big(invoice.total),
  };
}
