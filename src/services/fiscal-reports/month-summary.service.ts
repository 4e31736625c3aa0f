import Big from 'big.js';
import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { byDocumentType, DOCUMENT_TYPES, type DocumentType } from '../../domain/document-type';
import type { CompanyRef } from '../../domain/company-ref';
import { TOKENS } from '../../tokens';
import type { ReportColumn, ReportFormat, ReportTable } from './report-table';
import {
  addAmounts,
  monthDays,
  registerDocuments,
  registerPeriod,
  registerRates,
  zeroAmounts,
  type RegisterAmounts,
} from './sales-register-query';

/** What `report month` writes: the two table formats, or the summary as JSON. */
export type MonthSummaryFormat = ReportFormat | 'json';

export const MONTH_SUMMARY_FORMATS: readonly MonthSummaryFormat[] = ['csv', 'xlsx', 'json'];

/** One concept of the ISV return: its amount on invoices, credit notes (positive), debit notes, and the net. */
export interface MonthSummaryRow {
  concept: string;
  invoices: string;
  creditNotes: string;
  debitNotes: string;
  net: string;
}

/** Documents of the month of each type (annulled ones included), and how many of them are annulled. */
export interface MonthCounts {
  invoices: number;
  creditNotes: number;
  debitNotes: number;
  annulled: number;
}

export interface MonthSummary {
  company: string;
  month: string;
  rows: MonthSummaryRow[];
  counts: MonthCounts;
  /** The annulled documents of each type (the table shows them; `counts.annulled` is their sum). */
  annulledByType: Record<DocumentType, number>;
}

/** The summary as JSON: `{company, month, rows, counts}`, amounts as strings of 2 decimals. */
export function monthSummaryJson({ company, month, rows, counts }: MonthSummary): string {
  return `${JSON.stringify({ company, month, rows, counts }, null, 2)}\n`;
}

const COLUMNS: ReportColumn[] = [
  { header: 'Concepto', kind: 'text', width: 24 },
  { header: 'Facturas', kind: 'amount', width: 16 },
  { header: 'Notas de crédito', kind: 'amount', width: 16 },
  { header: 'Notas de débito', kind: 'amount', width: 16 },
  { header: 'Neto', kind: 'amount', width: 16 },
];

const TOTAL = 'Total';
const ISSUED = 'Documentos emitidos';
const ANNULLED = 'Documentos anulados';

/** The return's concepts in its order, each with its amount out of a document's (or a sum's) amounts. */
function concepts(rates: string[]): Array<[string, (a: RegisterAmounts) => Big]> {
  return [
    ...rates.flatMap((rate, i): Array<[string, (a: RegisterAmounts) => Big]> => [
      [`Importe gravado ${rate}%`, (a) => a.taxed[i]],
      [`ISV ${rate}%`, (a) => a.tax[i]],
    ]),
    ['Importe exento', (a) => a.exempt],
    ['Importe exonerado', (a) => a.exonerated],
    ['Descuentos', (a) => a.discount],
    [TOTAL, (a) => a.total],
  ];
}

/**
 * The month's figures for the ISV return, per concept (each rate's taxed amount and tax, exempt,
 * exonerated, discounts, total) and per document type, with the net: invoices minus credit notes
 * plus debit notes. Summed from the very rows of the sales register of the month (annulled
 * documents count 0, credit notes negative), so every net is the register's TOTAL of its column.
 */
@injectable()
export class MonthSummaryService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async summary(company: CompanyRef, month: string): Promise<MonthSummary> {
    const { first, last } = monthDays(month);
    const period = registerPeriod(company.id, first, last);
    const knex = this.em.getKnex();
    const rates = await registerRates(knex, period);
    const sums = byDocumentType(() => zeroAmounts(rates.length));
    const issued = byDocumentType(() => 0);
    const annulledByType = byDocumentType(() => 0);
    for await (const doc of registerDocuments(knex, period, rates)) {
      sums[doc.documentType] = addAmounts(sums[doc.documentType], doc.amounts);
      issued[doc.documentType]++;
      if (doc.annulled) annulledByType[doc.documentType]++;
    }
    // The register's credit notes are negative; the return shows what they took away, positive.
    const credited = addAmounts(zeroAmounts(rates.length), sums.creditNote, true);
    const net = DOCUMENT_TYPES.reduce((acc, type) => addAmounts(acc, sums[type]), zeroAmounts(rates.length));
    const rows = concepts(rates).map(([concept, of]) => ({
      concept,
      invoices: of(sums.invoice).toFixed(2),
      creditNotes: of(credited).toFixed(2),
      debitNotes: of(sums.debitNote).toFixed(2),
      net: of(net).toFixed(2),
    }));
    const counts: MonthCounts = {
      invoices: issued.invoice,
      creditNotes: issued.creditNote,
      debitNotes: issued.debitNote,
      annulled: DOCUMENT_TYPES.reduce((n, type) => n + annulledByType[type], 0),
    };
    return { company: company.code, month, rows, counts, annulledByType };
  }

  /**
   * The summary as a report table: a row per concept, then the documents issued and annulled of
   * each type (no net: a count of documents has none).
   */
  table(summary: MonthSummary): ReportTable {
    const { counts, annulledByType: annulled } = summary;
    async function* rows(): AsyncGenerator<string[]> {
      for (const r of summary.rows) yield [r.concept, r.invoices, r.creditNotes, r.debitNotes, r.net];
      yield [ISSUED, String(counts.invoices), String(counts.creditNotes), String(counts.debitNotes), ''];
      yield [ANNULLED, String(annulled.invoice), String(annulled.creditNote), String(annulled.debitNote), ''];
    }
    return {
      title: `Resumen ISV ${summary.month}`,
      columns: COLUMNS,
      rows: rows(),
      isTotal: (row) => row[0] === TOTAL,
      isCount: (row) => row[0] === ISSUED || row[0] === ANNULLED,
    };
  }
}
