import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { CaiRange, Invoice } from '../../entities';
import { TOKENS } from '../../tokens';
import type { CompanyRef } from '../company-directory.service';
import { companyCaiRanges } from '../company-cai-ranges';
import { issuedFromRange } from '../documents/issued-documents';
import { totalsDiscrepancies } from './invoice-totals-check';
import { RangeNumberingCheck } from './range-numbering-check';
import { NoteReader } from '../notes/note-reader.service';
import type { NoteView } from '../notes/note-view';
import { limitDiscrepancies, noteDiscrepancies } from './note-totals-check';
import { invoiceForNotesOf } from './invoice-totals-check';

/** Invoices read per query: bounded memory whatever the company's history. */
const PAGE = 500;

export interface AuditResult {
  invoices: number;
  notes: number;
  ranges: number;
  /** One sentence per discrepancy, naming the invoice or range; empty when the record is sound. */
  discrepancies: string[];
}

/**
 * `admin audit`: checks a company's stored record against the rules it was written by. Per CAI
 * range of every document type (deleted ones too: their documents stand), the numbers are exactly
 * rangeStart..nextNumber-1, each once, none outside the range; every invoice's stored amounts
 * equal what the totals engine gives for its stored lines, and the amounts add up; every credit
 * or debit note's amounts follow from its lines, and the live credit notes of an invoice stay
 * within its limits.
 */
@injectable()
export class NumberingAuditService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(NoteReader) private readonly notes: NoteReader,
  ) {}

  async audit(company: CompanyRef): Promise<AuditResult> {
    const ranges = await companyCaiRanges(this.em, company.id);
    const discrepancies: string[] = [];
    for (const range of ranges) discrepancies.push(...(await this.checkNumbering(range)));
    const { count, problems } = await this.checkTotals(company.id);
    discrepancies.push(...problems);
    const notes = await this.checkNotes(company);
    discrepancies.push(...notes.problems);
    return { invoices: count, notes: notes.count, ranges: ranges.length, discrepancies };
  }

  /** A range's numbers are checked against the documents of its type (issued-documents.ts says where they are). */
  private async checkNumbering(range: CaiRange): Promise<string[]> {
    const point = range.emissionPoint;
    const check = new RangeNumberingCheck({ ...range, establishment: point.establishment.code, emissionPoint: point.code });
    for await (const document of issuedFromRange(this.em, range)) check.add(document);
    return check.finish();
  }

  /**
   * Every note's amounts against its lines, and the live credit notes of each invoice against its
   * limits (a line's quantity; base and ISV per rate, exempt, exonerated, total).
   */
  private async checkNotes(company: CompanyRef): Promise<{ count: number; problems: string[] }> {
    const notes = await this.notes.list(company.id, null);
    const problems = notes.flatMap(noteDiscrepancies);
    const byInvoice = new Map<number, NoteView[]>();
    for (const note of notes) {
      if (note.documentType !== 'creditNote' || note.isAnnulled) continue;
      byInvoice.set(note.invoiceId, [...(byInvoice.get(note.invoiceId) ?? []), note]);
    }
    for (const [invoiceId, live] of byInvoice) {
      const invoice = await this.em.fork().findOneOrFail(Invoice, invoiceId, { populate: ['lines', 'taxes'] });
      problems.push(...limitDiscrepancies(`invoice ${invoice.id} (${invoice.fiscalNumber})`, invoiceForNotesOf(invoice), live));
    }
    return { count: notes.length, problems };
  }

  private async checkTotals(companyId: number): Promise<{ count: number; problems: string[] }> {
    const problems: string[] = [];
    let count = 0;
    let afterId = 0;
    for (;;) {
      // A fresh fork per page, so the identity map does not grow with the history.
      const em = this.em.fork();
      const page = await em.find(
        Invoice,
        { company: companyId, id: { $gt: afterId } },
        { orderBy: { id: 'asc' }, limit: PAGE, populate: ['lines', 'taxes'], strategy: 'select-in' },
      );
      for (const invoice of page) problems.push(...totalsDiscrepancies(invoice));
      count += page.length;
      if (page.length < PAGE) break;
      afterId = page[page.length - 1].id;
    }
    return { count, problems };
  }
}
