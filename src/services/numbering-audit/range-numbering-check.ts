import { formatFiscalNumber } from '../../domain/fiscal-number';

export interface AuditedRange {
  cai: string;
  establishment: string;
  emissionPoint: string;
  rangeStart: number;
  rangeEnd: number;
  nextNumber: number;
}

export interface NumberedInvoice {
  id: number;
  invoiceNumber: number;
  fiscalNumber: string;
}

/**
 * Checks the invoices of one range, fed in ascending number order: the numbers must be exactly
 * rangeStart..nextNumber-1, each once, none outside the range, and each printed number must match
 * its number. Keeps only the last number seen, so a range of any size streams through it.
 */
export class RangeNumberingCheck {
  readonly problems: string[] = [];
  private expected: number;
  private previous: NumberedInvoice | null = null;

  constructor(private readonly range: AuditedRange) {
    this.expected = range.rangeStart;
  }

  private get label(): string {
    const r = this.range;
    return `CAI ${r.cai} (${r.establishment}-${r.emissionPoint}, ${r.rangeStart}-${r.rangeEnd}, next ${r.nextNumber})`;
  }

  private printed(n: number): string {
    return formatFiscalNumber(this.range.establishment, this.range.emissionPoint, 'invoice', n);
  }

  add(invoice: NumberedInvoice): void {
    const r = this.range;
    const name = `invoice ${invoice.id} (${invoice.fiscalNumber})`;
    const n = invoice.invoiceNumber;
    if (n >= 0 && n <= 99_999_999 && invoice.fiscalNumber !== this.printed(n)) {
      this.problems.push(`${name}: its printed number does not match its number ${n} (expected ${this.printed(n)})`);
    }
    if (this.previous !== null && this.previous.invoiceNumber === n) {
      this.problems.push(`${name}: number ${n} is also on invoice ${this.previous.id} of ${this.label}`);
      return;
    }
    this.previous = invoice;
    if (n < r.rangeStart || n > r.rangeEnd) {
      this.problems.push(`${name}: number ${n} is outside ${this.label}`);
      return;
    }
    if (n >= r.nextNumber) {
      this.problems.push(`${name}: number ${n} was never handed out by ${this.label}`);
      return;
    }
    if (n > this.expected) this.missing(this.expected, n - 1);
    this.expected = n + 1;
  }

  /** Call once every invoice of the range was added. */
  finish(): string[] {
    const lastIssued = Math.min(this.range.nextNumber - 1, this.range.rangeEnd);
    if (this.expected <= lastIssued) this.missing(this.expected, lastIssued);
    return this.problems;
  }

  private missing(from: number, to: number): void {
    const which = from === to ? `number ${this.printed(from)} is` : `numbers ${this.printed(from)} to ${this.printed(to)} are`;
    this.problems.push(`${this.label}: ${which} missing (handed out, but no invoice carries ${from === to ? 'it' : 'them'})`);
  }
}
