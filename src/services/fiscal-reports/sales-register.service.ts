import Big from 'big.js';
import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { dayMonthYear, hondurasDate } from '../../domain/calendar-date';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import { TOKENS } from '../../tokens';
import type { CompanyRef } from '../../domain/company-ref';
import type { ReportColumn, ReportTable } from './report-table';
import { storedInstant } from '../../db/lean-select';
import {
  addAmounts,
  registerDocuments,
  registerDocumentsPage,
  registerPeriod,
  registerRates,
  zeroAmounts,
  type RegisterAmounts,
  type RegisterDocument,
  type RegisterPeriod,
} from './sales-register-query';

/** Documents listed from the database at a time by `documents()`. */
const PAGE = 200;
import { buyerName, documentState } from '../../domain/document-words';

const TOTAL = 'TOTAL';

/** A document's amounts in the register's order: Importe Exonerado, Importe Exento, each rate's pair, Descuentos, Total. */
function registerColumns(a: RegisterAmounts): Big[] {
  return [a.exonerated, a.exempt, ...a.taxed.flatMap((taxed, i) => [taxed, a.tax[i]]), a.discount, a.total];
}

const text = (header: string, width?: number): ReportColumn => ({ header, kind: 'text', width });
const amount = (header: string): ReportColumn => ({ header, kind: 'amount', width: 14 });

/** A stored UTC DATETIME (as the driver streams it) as its Honduras day, DD/MM/YYYY. */
function storedDay(utc: string): string {
  return dayMonthYear(hondurasDate(storedInstant(utc)));
}

/**
 * The sales register (Libro de Ventas) of a period: one row per invoice and per credit or debit
 * note whose Honduras date falls in it, annulled ones included (ANULADA, amounts 0), ordered by
 * printed number (so a point's documents by type then number), and a TOTAL row. Credit notes'
 * amounts are negative, debit notes' positive, so TOTAL nets them; Tipo, Documento Modificado
 * and Fecha Anulación (the day an annulled document was annulled) close each row.
 * Amounts are the stored invoice and tax rows, summed with big.js. Rows are streamed from the
 * database, so a month of any size is never held in memory.
 */
@injectable()
export class SalesRegisterService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** Settles the columns before any row is read: the rows stream only as the report is written. */
  async open(company: CompanyRef, from: string, to: string): Promise<ReportTable> {
    const period = registerPeriod(company.id, from, to);
    const rates = await registerRates(this.em.getKnex(), period);
    const columns: ReportColumn[] = [
      text('Fecha', 11),
      text('Numero', 21),
      text('CAI', 40),
      // Wide enough for a buyer's document as printed, e.g. DNI 0801199012345 (decision 70).
      text('RTN Cliente', 24),
      text('Cliente', 36),
      text('Orden Compra Exenta', 22),
      text('Constancia Exonerado', 24),
      text('Registro SAG', 16),
      amount('Importe Exonerado'),
      amount('Importe Exento'),
      ...rates.flatMap((r) => [amount(`Gravado ${r}%`), amount(`ISV ${r}%`)]),
      amount('Descuentos'),
      amount('Total'),
      text('Estado'),
      text('Tipo', 18),
      text('Documento Modificado', 21),
      text('Fecha Anulación', 16),
    ];
    return { title: 'Libro de Ventas', columns, rows: this.rows(period, rates), isTotal: (row) => row[0] === TOTAL };
  }

  private async *rows(period: RegisterPeriod, rates: string[]): AsyncGenerator<string[]> {
    let totals = zeroAmounts(rates.length);
    for await (const doc of registerDocuments(this.em.getKnex(), period, rates)) {
      totals = addAmounts(totals, doc.amounts);
      const amounts = registerColumns(doc.amounts);
      yield [
        storedDay(doc.storedDate),
        doc.fiscalNumber,
        doc.cai,
        doc.clientLegalId ?? '',
        buyerName(doc.clientName),
        doc.exemptPurchaseOrderNumber ?? '',
        doc.exonerationCertificate ?? '',
        doc.exonerationSagRegistry ?? '',
        ...amounts.map((a) => a.toFixed(2)),
        documentState(doc.annulled),
        DOCUMENT_TYPE_INFO[doc.documentType].title,
        doc.modifiedNumber ?? '',
        // The day it was annulled, so a month's register says when a row went to zero (decision 71).
        doc.annulled && doc.storedAnnulledAt !== null ? storedDay(doc.storedAnnulledAt) : '',
      ];
    }
    yield [TOTAL, '', '', '', '', '', '', '', ...registerColumns(totals).map((t) => t.toFixed(2)), '', '', '', ''];
  }

  /**
   * The register's documents of a period in its order, read a page at a time: for a reader that
   * takes long over each (rendering its PDF), which must not keep a query open all that while.
   */
  async *documents(company: CompanyRef, from: string, to: string): AsyncGenerator<RegisterDocument> {
    const period = registerPeriod(company.id, from, to);
    let after: string | null = null;
    for (;;) {
      const page = await registerDocumentsPage(this.em.getKnex(), period, [], after, PAGE);
      yield* page;
      if (page.length < PAGE) return;
      after = page[page.length - 1].fiscalNumber;
    }
  }
}
