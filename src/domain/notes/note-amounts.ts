import Big from 'big.js';
import { sum } from '../money';
import {
  basesPerRate,
  documentAmounts,
  type DocumentAmounts,
  type LineAmounts,
  type RateBase,
  taxableBase,
  type TaxEntry,
} from '../sale-amounts';

/**
 * What a note is computed from and what it computes: plain amounts (big.js), the invoice's as
 * stored and the earlier notes' as stored. Pure: no database, no clock.
 */

/** An invoice line as stored, with its position as printed (1-based). */
export interface InvoiceLineForNotes extends LineAmounts {
  position: number;
  code: string;
  description: string;
}

/** What a note needs of its invoice: its lines and the amounts that limit its credit notes. */
export interface InvoiceForNotes {
  exonerated: boolean;
  lines: readonly InvoiceLineForNotes[];
  taxes: readonly TaxEntry[];
  exemptedAmount: Big;
  exoneratedAmount: Big;
  total: Big;
}

/** One line of a note. `invoiceLine` is the returned invoice line's position, null for any other line. */
export interface NoteLineAmounts extends LineAmounts {
  invoiceLine: number | null;
  code: string | null;
  description: string;
}

/** A note's amounts: the invoice's fields, computed for the note's lines. */
export type NoteAmounts = DocumentAmounts<NoteLineAmounts>;

export const DISCOUNT_AFTER_SALE = 'Descuento posterior a la venta';
export const LESS_CREDITED_DISCOUNTS = 'Menos descuentos acreditados';

/** A rate as the operator reads it: 15%, 12.5%. */
export function ratePercent(rate: Big): string {
  return `${rate.toString()}%`;
}

/** The bases of a note's lines per rate, lowest first (lines with a taxable base only). */
function basesByRate(lines: readonly NoteLineAmounts[]): RateBase[] {
  return basesPerRate(
    lines.flatMap((line) => {
      const base = taxableBase(line);
      if (base.eq(0)) return [];
      // A line with a base and no rate cannot come from a stored invoice (the engine refuses it).
      if (line.isvRate === null) throw new Error(`note line "${line.description}" has a taxable base and no ISV rate`);
      return [{ rate: line.isvRate, base }];
    }),
  );
}

/**
 * A note's amounts from its lines and the tax per rate (`taxAt`, which a credit note limits by
 * what is left of the invoice's tax). On an exonerated note every base is exonerated, no ISV.
 */
export function noteAmounts(lines: NoteLineAmounts[], exonerated: boolean, taxAt: (rate: Big, base: Big) => Big): NoteAmounts {
  const taxBreakdown: TaxEntry[] = exonerated
    ? []
    : basesByRate(lines).map(({ rate, base }) => ({ rate, taxedAmount: base, taxAmount: taxAt(rate, base) }));
  return documentAmounts(lines, taxBreakdown, exonerated);
}

/** The invariant every note keeps (as every invoice): exempt + exonerated + taxed = importe - discounts. */
export function invariantHolds(note: NoteAmounts): boolean {
  const taxed = sum(note.taxBreakdown.map((t) => t.taxedAmount));
  return note.exemptedAmount.plus(note.exoneratedAmount).plus(taxed).eq(note.importe.minus(note.discountTotal));
}
