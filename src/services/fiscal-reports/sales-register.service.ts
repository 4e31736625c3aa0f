import type { Readable } from 'node:stream';
import Big from 'big.js';
import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { addDays, dayMonthYear, hondurasDate, startOfHondurasDay } from '../../domain/calendar-date';
import { ZERO } from '../../domain/money';
import { DOCUMENT_TYPE_INFO, isDocumentType } from '../../domain/document-type';
import { TOKENS } from '../../tokens';
import type { CompanyRef } from '../../domain/company-ref';
import type { ReportColumn, ReportTable } from './report-table';
import { storedInstant, utcDatetime } from '../../db/lean-select';
import { ratesQuery, RegisterPeriod } from './sales-register-query';
import { buyerName, documentState } from '../../domain/document-words';

/** The rates that always have their pair of columns, even in a month without them. */
const STANDARD_RATES = ['15', '18'];

const TOTAL = 'TOTAL';

interface RegisterRow {
  invoice_date: string;
  fiscal_number: string;
  cai: string;
  client_legal_id: string | null;
  client_name: string | null;
  exempt_purchase_order_number: string | null;
  exoneration_certificate: string | null;
  exoneration_sag_registry: string | null;
  exonerated_amount: string;
  exempted_amount: string;
  discount_total: string;
  total: string;
  is_annulled: number;
  annulled_at: string | null;
  document_type: string;
  modified_number: string | null;
  [taxColumn: string]: string | number | null;
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
    const period: RegisterPeriod = { companyId: company.id, start: startOfHondurasDay(from), end: startOfHondurasDay(addDays(to, 1)) };
    const knex = this.em.getKnex();
    const others = [...new Set((await ratesQuery(knex, period)).map((r) => new Big(r.rate).toString()))]
      .filter((rate) => !STANDARD_RATES.includes(rate))
      .sort((a, b) => new Big(a).cmp(new Big(b)));
    // 15 % and 18 % first, always: an accountant finds them in the same columns every month.
    const rates = [...STANDARD_RATES, ...others];
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
    const knex = this.em.getKnex();
    const taxColumns = (taxes: string, owner: string, alias: string) =>
      rates.flatMap((rate, i) => [
        knex.raw(`(select t.taxed_amount from ${taxes} t where t.${owner} = ${alias}.id and t.rate = ?) as ??`, [rate, `taxed_${i}`]),
        knex.raw(`(select t.tax_amount from ${taxes} t where t.${owner} = ${alias}.id and t.rate = ?) as ??`, [rate, `tax_${i}`]),
      ]);
    const invoices = knex
      .select(
        'i.invoice_date',
        'i.fiscal_number',
        'i.cai',
        'i.client_legal_id',
        'i.client_name',
        'i.exempt_purchase_order_number',
        'i.exoneration_certificate',
        'i.exoneration_sag_registry',
        'i.exonerated_amount',
        'i.exempted_amount',
        'i.discount_total',
        'i.total',
        'i.is_annulled',
        'i.annulled_at',
        knex.raw("'invoice' as document_type"),
        knex.raw('null as modified_number'),
        ...taxColumns('invoice_taxes', 'invoice_id', 'i'),
      )
      .from('invoices as i')
      .where('i.company_id', period.companyId)
      .andWhere('i.invoice_date', '>=', utcDatetime(period.start))
      .andWhere('i.invoice_date', '<', utcDatetime(period.end));
    // Credit and debit notes beside the invoices: a note prints the invoice's buyer and references.
    const notes = knex
      .select(
        'n.note_date as invoice_date',
        'n.fiscal_number',
        'n.cai',
        'n.client_legal_id',
        'n.client_name',
        'n.exempt_purchase_order_number',
        'n.exoneration_certificate',
        'n.exoneration_sag_registry',
        'n.exonerated_amount',
        'n.exempted_amount',
        'n.discount_total',
        'n.total',
        'n.is_annulled',
        'n.annulled_at',
        'n.document_type',
        'n.invoice_fiscal_number as modified_number',
        ...taxColumns('note_taxes', 'note_id', 'n'),
      )
      .from('notes as n')
      .where('n.company_id', period.companyId)
      .andWhere('n.note_date', '>=', utcDatetime(period.start))
      .andWhere('n.note_date', '<', utcDatetime(period.end));
    // EEE-PPP-TT-NNNNNNNN has fixed widths: its order is establishment, emission point, document type, number.
    const query = knex.select('*').from(invoices.unionAll(notes, true).as('r')).orderBy('r.fiscal_number');
    const stream = query.stream({ highWaterMark: 500 }) as unknown as Readable;

    const amountCount = 2 + rates.length * 2 + 2;
    const totals: Big[] = Array.from({ length: amountCount }, () => ZERO);
    for await (const row of stream as AsyncIterable<RegisterRow>) {
      const annulled = Number(row.is_annulled) === 1;
      const stored = [
        row.exonerated_amount,
        row.exempted_amount,
        ...rates.flatMap((_, i) => [row[`taxed_${i}`] as string | null, row[`tax_${i}`] as string | null]),
        row.discount_total,
        row.total,
      ];
      // A credit note takes from the month's sales, a debit note adds to them.
      const sign = row.document_type === 'creditNote' ? -1 : 1;
      const amounts = stored.map((v) => (annulled || v === null ? ZERO : new Big(v).times(sign)));
      amounts.forEach((a, i) => (totals[i] = totals[i].plus(a)));
      yield [
        storedDay(row.invoice_date),
        row.fiscal_number,
        row.cai,
        row.client_legal_id ?? '',
        buyerName(row.client_name),
        row.exempt_purchase_order_number ?? '',
        row.exoneration_certificate ?? '',
        row.exoneration_sag_registry ?? '',
        ...amounts.map((a) => a.toFixed(2)),
        documentState(annulled),
        isDocumentType(row.document_type) ? DOCUMENT_TYPE_INFO[row.document_type].title : row.document_type,
        row.modified_number ?? '',
        // The day it was annulled, so a month's register says when a row went to zero (decision 71).
        annulled && row.annulled_at !== null ? storedDay(row.annulled_at) : '',
      ];
    }
    yield [TOTAL, '', '', '', '', '', '', '', ...totals.map((t) => t.toFixed(2)), '', '', '', ''];
  }
}
