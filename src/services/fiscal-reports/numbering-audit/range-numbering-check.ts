import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../../domain/document-type';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import type { IssuedDocument } from '../../documents';

export interface AuditedRange {
  cai: string;
  documentType: DocumentType;
  establishment: string;
  emissionPoint: string;
  rangeStart: number;
  rangeEnd: number;
  nextNumber: number;
}

/**
 * Checks the documents of one range (all of its document type), fed in ascending number order:
 * the numbers must be exactly rangeStart..nextNumber-1, each once, none outside the range, and
 * each printed number must match its number. Keeps only the last number seen, so a range of any
 * size streams through it.
 */
export class RangeNumberingCheck {
  readonly problems: string[] = [];
  private expected: number;
  private previous: IssuedDocument | null = null;

  constructor(private readonly range: AuditedRange) {
    this.expected = range.rangeStart;
  }

  private get label(): string {
    const r = this.range;
    return `CAI ${r.cai} (${r.establishment}-${r.emissionPoint}, ${r.rangeStart}-${r.rangeEnd}, next ${r.nextNumber})`;
  }

  private printed(n: number): string {
    return formatFiscalNumber(this.range.establishment, this.range.emissionPoint, this.range.documentType, n);
  }

  private get noun(): string {
    return DOCUMENT_TYPE_INFO[this.range.documentType].noun;
  }

  add(document: IssuedDocument): void {
    const r = this.range;
    const name = `${this.noun} ${document.id} (${document.fiscalNumber})`;
    const n = document.number;
    if (n >= 0 && n <= 99_999_999 && document.fiscalNumber !== this.printed(n)) {
      this.problems.push(`${name}: its printed number does not match its number ${n} (expected ${this.printed(n)})`);
    }
    if (this.previous !== null && this.previous.number === n) {
      this.problems.push(`${name}: number ${n} is also on ${this.noun} ${this.previous.id} of ${this.label}`);
      return;
    }
    this.previous = document;
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

  /** Call once every document of the range was added. */
  finish(): string[] {
    const lastIssued = Math.min(this.range.nextNumber - 1, this.range.rangeEnd);
    if (this.expected <= lastIssued) this.missing(this.expected, lastIssued);
    return this.problems;
  }

  private missing(from: number, to: number): void {
    const which = from === to ? `number ${this.printed(from)} is` : `numbers ${this.printed(from)} to ${this.printed(to)} are`;
    this.problems.push(`${this.label}: ${which} missing (handed out, but no ${this.noun} carries ${from === to ? 'it' : 'them'})`);
  }
}
