import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { CaiRange, Invoice } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { companyCaiRanges } from '../../company';
import { issuedFromRange } from '../../documents';
import { totalsDiscrepancies } from './invoice-totals-check';
import { RangeNumberingCheck } from './range-numbering-check';
import { NoteReader, type NoteView } from '../../sales';
import { limitDiscrepancies, noteDiscrepancies } from './note-totals-check';
import { invoiceForNotesOf } from './invoice-totals-check';

/** Invoices, notes or credited invoices read per query: bounded memory whatever the company's history. */
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

  /** `pageSize`: rows read per query (invoices, notes, credited invoices); tests make it small. */
  async audit(company: CompanyRef, pageSize = PAGE): Promise<AuditResult> {
    const ranges = await companyCaiRanges(this.em, company.id);
    const discrepancies: string[] = [];
    for (const range of ranges) discrepancies.push(...(await this.checkNumbering(range)));
    const { count, problems } = await this.checkTotals(company.id, pageSize);
    discrepancies.push(...problems);
    const notes = await this.checkNotes(company, pageSize);
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
   * limits (a line's quantity; base and ISV per rate, exempt, exonerated, total). Both walk the
   * record in pages, so memory stays bounded whatever the number of notes.
   */
  private async checkNotes(company: CompanyRef, pageSize: number): Promise<{ count: number; problems: string[] }> {
    const problems: string[] = [];
    let count = 0;
    for (let afterId = 0; ;) {
      const page = await this.notes.page(company.id, afterId, pageSize);
      for (const note of page) problems.push(...noteDiscrepancies(note));
      count += page.length;
      if (page.length < pageSize) break;
      afterId = page[page.length - 1].id;
    }
    for (let afterInvoiceId = 0; ;) {
      const invoiceIds = await this.notes.creditedInvoiceIds(company.id, afterInvoiceId, pageSize);
      problems.push(...(await this.checkLimits(invoiceIds)));
      if (invoiceIds.length < pageSize) break;
      afterInvoiceId = invoiceIds[invoiceIds.length - 1];
    }
    return { count, problems };
  }

  /** The live credit notes of a page of invoices against each invoice's limits. */
  private async checkLimits(invoiceIds: number[]): Promise<string[]> {
    if (invoiceIds.length === 0) return [];
    const byInvoice = new Map<number, NoteView[]>(invoiceIds.map((id) => [id, []]));
    for (const note of await this.notes.liveCreditNotesOf(invoiceIds)) byInvoice.get(note.invoiceId)?.push(note);
    // A fresh fork per page, so the identity map does not grow with the history.
    const invoices = await this.em
      .fork()
      .find(Invoice, { id: { $in: invoiceIds } }, { orderBy: { id: 'asc' }, populate: ['lines', 'taxes'], strategy: 'select-in' });
    return invoices.flatMap((invoice) =>
      limitDiscrepancies(`invoice ${invoice.id} (${invoice.fiscalNumber})`, invoiceForNotesOf(invoice), byInvoice.get(invoice.id) ?? []),
    );
  }

  private async checkTotals(companyId: number, pageSize: number): Promise<{ count: number; problems: string[] }> {
    const problems: string[] = [];
    let count = 0;
    let afterId = 0;
    for (;;) {
      // A fresh fork per page, so the identity map does not grow with the history.
      const em = this.em.fork();
      const page = await em.find(
        Invoice,
        { company: companyId, id: { $gt: afterId } },
        { orderBy: { id: 'asc' }, limit: pageSize, populate: ['lines', 'taxes'], strategy: 'select-in' },
      );
      for (const invoice of page) problems.push(...totalsDiscrepancies(invoice));
      count += page.length;
      if (page.length < pageSize) break;
      afterId = page[page.length - 1].id;
    }
    return { count, problems };
  }
}
