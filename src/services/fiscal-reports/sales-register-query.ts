import type { Readable } from 'node:stream';
import Big from 'big.js';
import type { Knex } from '@mikro-orm/mysql';
import { addDays, monthOf, startOfHondurasDay } from '../../domain/calendar-date';
import { isDocumentType, type DocumentType } from '../../domain/document-type';
import { ZERO } from '../../domain/money';
import { utcDatetime } from '../../db/lean-select';

export interface RegisterPeriod {
  companyId: number;
  /** First instant of the first day, and first instant after the last day (Honduras calendar). */
  start: Date;
  end: Date;
}

/** Where each kind of document keeps its taxes and its date: invoices, and credit and debit notes. */
const TAXED_DOCUMENTS = [
  { documents: 'invoices', taxes: 'invoice_taxes', owner: 'invoice_id', date: 'invoice_date' },
  { documents: 'notes', taxes: 'note_taxes', owner: 'note_id', date: 'note_date' },
] as const;

/** The period from `from` to `to`, both days included (Honduras calendar). */
export function registerPeriod(companyId: number, from: string, to: string): RegisterPeriod {
  return { companyId, start: startOfHondurasDay(from), end: startOfHondurasDay(addDays(to, 1)) };
}

/** A month YYYY-MM as its first and last day. */
export function monthDays(month: string): { first: string; last: string } {
  const { first, next } = monthOf(`${month}-01`);
  return { first, last: addDays(next, -1) };
}

/** The rates that always have their pair of columns, even in a month without them. */
const STANDARD_RATES = ['15', '18'];

/**
 * The ISV rates charged in the period, by invoices and by notes. Annulled documents do not
 * count: their amounts are shown as 0, so a rate only they carried would add a column of zeros.
 */
async function ratesQuery(knex: Knex, period: RegisterPeriod): Promise<{ rate: string }[]> {
  const rates: { rate: string }[] = [];
  for (const source of TAXED_DOCUMENTS) {
    const rows = await knex
      .distinct('t.rate')
      .from(`${source.taxes} as t`)
      .join(`${source.documents} as d`, 'd.id', `t.${source.owner}`)
      .where('d.company_id', period.companyId)
      .andWhere('d.is_annulled', false)
      .andWhere(`d.${source.date}`, '>=', utcDatetime(period.start))
      .andWhere(`d.${source.date}`, '<', utcDatetime(period.end));
    rates.push(...(rows as { rate: string }[]));
  }
  return rates;
}

/**
 * The rates the register has a pair of columns for: 15 % and 18 % first, always (an accountant
 * finds them in the same place every month), then every other rate charged, in ascending order.
 */
export async function registerRates(knex: Knex, period: RegisterPeriod): Promise<string[]> {
  const others = [...new Set((await ratesQuery(knex, period)).map((r) => new Big(r.rate).toString()))]
    .filter((rate) => !STANDARD_RATES.includes(rate))
    .sort((a, b) => new Big(a).cmp(new Big(b)));
  return [...STANDARD_RATES, ...others];
}

/**
 * A document's amounts as the register counts them: 0 when annulled, negative for a credit note
 * (it takes from the month's sales), positive otherwise. `taxed` and `tax` follow the rates' order.
 */
export interface RegisterAmounts {
  exonerated: Big;
  exempt: Big;
  taxed: Big[];
  tax: Big[];
  discount: Big;
  total: Big;
}

export function zeroAmounts(rateCount: number): RegisterAmounts {
  const zeros = () => Array.from({ length: rateCount }, () => ZERO);
  return { exonerated: ZERO, exempt: ZERO, taxed: zeros(), tax: zeros(), discount: ZERO, total: ZERO };
}

/** `a` plus `b` (`minus` subtracts `b` instead), amount by amount. */
export function addAmounts(a: RegisterAmounts, b: RegisterAmounts, minus = false): RegisterAmounts {
  const add = (x: Big, y: Big) => (minus ? x.minus(y) : x.plus(y));
  return {
    exonerated: add(a.exonerated, b.exonerated),
    exempt: add(a.exempt, b.exempt),
    taxed: a.taxed.map((x, i) => add(x, b.taxed[i])),
    tax: a.tax.map((x, i) => add(x, b.tax[i])),
    discount: add(a.discount, b.discount),
    total: add(a.total, b.total),
  };
}

/** One row of the register: an invoice, a credit note or a debit note of the period. */
export interface RegisterDocument {
  id: number;
  documentType: DocumentType;
  /** The stored UTC DATETIME of the document, as the driver streams it. */
  storedDate: string;
  fiscalNumber: string;
  cai: string;
  clientLegalId: string | null;
  clientName: string | null;
  exemptPurchaseOrderNumber: string | null;
  exonerationCertificate: string | null;
  exonerationSagRegistry: string | null;
  annulled: boolean;
  storedAnnulledAt: string | null;
  /** The modified invoice's printed number (notes only). */
  modifiedNumber: string | null;
  amounts: RegisterAmounts;
}

interface RegisterRow {
  id: number;
  document_date: string;
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

/**
 * The register's documents of a period as one query: invoices and notes whose Honduras date
 * falls in it, annulled ones included, with their tax per rate of `rates`, ordered by printed
 * number (EEE-PPP-TT-NNNNNNNN has fixed widths: establishment, emission point, type, number).
 */
function registerQuery(knex: Knex, period: RegisterPeriod, rates: string[]): Knex.QueryBuilder {
  const taxColumns = (taxes: string, owner: string, alias: string) =>
    rates.flatMap((rate, i) => [
      knex.raw(`(select t.taxed_amount from ${taxes} t where t.${owner} = ${alias}.id and t.rate = ?) as ??`, [rate, `taxed_${i}`]),
      knex.raw(`(select t.tax_amount from ${taxes} t where t.${owner} = ${alias}.id and t.rate = ?) as ??`, [rate, `tax_${i}`]),
    ]);
  const common = (alias: string) =>
    [
      'id',
      'fiscal_number',
      'cai',
      'client_legal_id',
      'client_name',
      'exempt_purchase_order_number',
      'exoneration_certificate',
      'exoneration_sag_registry',
      'exonerated_amount',
      'exempted_amount',
      'discount_total',
      'total',
      'is_annulled',
      'annulled_at',
    ].map((column) => `${alias}.${column}`);
  const invoices = knex
    .select(
      'i.invoice_date as document_date',
      ...common('i'),
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
      'n.note_date as document_date',
      ...common('n'),
      'n.document_type',
      'n.invoice_fiscal_number as modified_number',
      ...taxColumns('note_taxes', 'note_id', 'n'),
    )
    .from('notes as n')
    .where('n.company_id', period.companyId)
    .andWhere('n.note_date', '>=', utcDatetime(period.start))
    .andWhere('n.note_date', '<', utcDatetime(period.end));
  return knex.select('*').from(invoices.unionAll(notes, true).as('r')).orderBy('r.fiscal_number');
}

function registerDocument(row: RegisterRow, rates: string[]): RegisterDocument {
  const annulled = Number(row.is_annulled) === 1;
  const sign = row.document_type === 'creditNote' ? -1 : 1;
  const counted = (v: string | number | null) => (annulled || v === null ? ZERO : new Big(v).times(sign));
  if (!isDocumentType(row.document_type)) throw new Error(`document ${row.id} has an unknown type ${row.document_type}`);
  return {
    id: Number(row.id),
    documentType: row.document_type,
    storedDate: row.document_date,
    fiscalNumber: row.fiscal_number,
    cai: row.cai,
    clientLegalId: row.client_legal_id,
    clientName: row.client_name,
    exemptPurchaseOrderNumber: row.exempt_purchase_order_number,
    exonerationCertificate: row.exoneration_certificate,
    exonerationSagRegistry: row.exoneration_sag_registry,
    annulled,
    storedAnnulledAt: row.annulled_at,
    modifiedNumber: row.modified_number,
    amounts: {
      exonerated: counted(row.exonerated_amount),
      exempt: counted(row.exempted_amount),
      taxed: rates.map((_, i) => counted(row[`taxed_${i}`])),
      tax: rates.map((_, i) => counted(row[`tax_${i}`])),
      discount: counted(row.discount_total),
      total: counted(row.total),
    },
  };
}

/**
 * Every document of the register of a period, in its order, streamed from the database so that a
 * month of any size is never held in memory. The one source of the register's rows: the sales
 * register and the month's ISV summary both read them here, so their figures cannot disagree.
 */
export async function* registerDocuments(knex: Knex, period: RegisterPeriod, rates: string[]): AsyncGenerator<RegisterDocument> {
  const stream = registerQuery(knex, period, rates).stream({ highWaterMark: 500 }) as unknown as Readable;
  for await (const row of stream as AsyncIterable<RegisterRow>) yield registerDocument(row, rates);
}

/**
 * The same documents, `limit` at a time after the printed number `after`: for a reader that
 * takes long over each (rendering its PDF), which must not keep a query open all that while.
 */
export async function registerDocumentsPage(
  knex: Knex,
  period: RegisterPeriod,
  rates: string[],
  after: string | null,
  limit: number,
): Promise<RegisterDocument[]> {
  const query = registerQuery(knex, period, rates).limit(limit);
  if (after !== null) query.where('r.fiscal_number', '>', after);
  return ((await query) as RegisterRow[]).map((row) => registerDocument(row, rates));
}
