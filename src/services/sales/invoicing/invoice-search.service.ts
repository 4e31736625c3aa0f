import Big from 'big.js';
import { inject, injectable } from 'inversify';
import { leanSelect, tableOf, utcDatetime } from '../../../db/lean-select';
import type { SqlClient, SqlParams } from '../../../db/sql-client';
import { addDays, hondurasDate, startOfHondurasDay } from '../../../domain/calendar-date';
import type { DocumentType } from '../../../domain/document-type';
import {
  MAX_SEARCH_PAGE,
  NOTE_CODES,
  parseInvoiceSearch,
  SEARCH_PAGE_SIZE,
  type InvoiceSearchCriteria,
  type InvoiceSearchInput,
} from '../../../domain/invoice-search-terms';
import { Client, Invoice, Note } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { documentState, type DocumentState } from '../../../domain/document-words';

const CREDIT_NOTE: DocumentType = 'creditNote';

const ROW_FIELDS = ['id', 'fiscalNumber', 'invoiceDate', 'clientName', 'clientLegalId', 'total', 'totalTaxes', 'isAnnulled'] as const;
const NOTE_ROW_FIELDS = [
  'id',
  'documentType',
  'fiscalNumber',
  'noteDate',
  'clientName',
  'clientLegalId',
  'total',
  'totalTaxes',
  'isAnnulled',
  'invoiceFiscalNumber',
] as const;

/** Rows an export reads at a time. */
const EXPORT_BATCH = 1000;

/** One document as a list shows it. Amounts are exact decimal strings (2 decimals). */
export interface DocumentSearchRow {
  id: number;
  /** EEE-PPP-TT-NNNNNNNN */
  fiscalNumber: string;
  issuedAt: Date;
  /** Its Honduras calendar day, YYYY-MM-DD. */
  date: string;
  /** Null for a final consumer. */
  clientName: string | null;
  clientRtn: string | null;
  total: string;
  /** Its ISV, every rate together. */
  isv: string;
  status: DocumentState;
}

/** One invoice as a search lists it. */
export interface InvoiceSearchRow extends DocumentSearchRow {
  /** The sum of its live (not annulled) credit notes' totals; "0.00" when none. */
  credited: string;
}

/** One note as its list shows it: its kind and the invoice it modifies. */
export interface NoteSearchRow extends DocumentSearchRow {
  documentType: DocumentType;
  invoiceFiscalNumber: string;
}

export interface SearchPage<Row> {
  rows: Row[];
  page: number;
  hasNext: boolean;
}

export type InvoiceSearchPage = SearchPage<InvoiceSearchRow>;
export type NoteSearchPage = SearchPage<NoteSearchRow>;

/** The three reads of one kind of document a list needs: a page, the summary of every page, every row (an export). */
export interface DocumentListing<Row> {
  page(companyId: number, input: InvoiceSearchInput): Promise<SearchPage<Row>>;
  summary(companyId: number, input: InvoiceSearchInput): Promise<SearchSummary>;
  all(companyId: number, input: InvoiceSearchInput): AsyncIterable<Row>;
}

/** How many documents a search finds (all its pages), with their total and ISV summed. */
export interface SearchSummary {
  count: number;
  total: string;
  isv: string;
}

/** LIKE's wildcards and its escape character, taken literally in what the operator typed. */
function likeContaining(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Where a list's documents are: its table and columns, and how it reads a row. */
interface ListedTable<Row> {
  table: string;
  date: string;
  number: string;
  /** The codes a printed number typed in q may carry. */
  codes?: readonly string[];
  /** What the page's SELECT reads of `i` (the documents, whole) besides its columns. */
  extra: string;
  extraParams: unknown[];
  columns: string;
  /** The condition a client's name puts on `p`, and its parameters. */
  byName(companyId: number, text: string): Promise<{ where: string; params: unknown[] } | null>;
  read(row: Record<string, unknown>): Row;
}

/**
 * Finds a company's invoices, or its credit and debit notes, for the console's lists (decision 62):
 * by printed number or its end, the buyer's RTN or part of a client's name, within a Honduras
 * period, by state, newest first, 50 a page; with how many there are and their total and ISV, and
 * all of them at once for an export of what is listed.
 *
 * Every kind of invoice search walks an index that starts with what it filters on and ends with
 * the date, so a page reads its 51 rows and no more: the number by (company, number), the RTN by
 * (company, RTN, date), a period by (company, date). A name is looked for among the company's
 * clients (thousands of names, not a million invoices), then their invoices by (company,
 * client, date). The page's ids are chosen on the index alone; only those rows are read whole.
 * Notes, far fewer, are found by (company, date) and their own columns.
 */
@injectable()
export class InvoiceSearch {
  /** The invoices' reads: a page, the summary of every page, every row (an export). */
  readonly invoiceListing: DocumentListing<InvoiceSearchRow>;
  /** The credit and debit notes' reads, the same three. */
  readonly noteListing: DocumentListing<NoteSearchRow>;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    const invoiceColumns = leanSelect(db, Invoice, 'i', ROW_FIELDS);
    const noteColumns = leanSelect(db, Note, 'i', NOTE_ROW_FIELDS);
    const tables = { invoices: tableOf(db, Invoice), notes: tableOf(db, Note), clients: tableOf(db, Client) };
    const common = (
      d: {
        id: number;
        fiscalNumber: string;
        clientName: string | null;
        clientLegalId: string | null;
        total: string;
        totalTaxes: string;
        isAnnulled: boolean;
      },
      at: Date,
    ) => ({
      id: d.id,
      fiscalNumber: d.fiscalNumber,
      issuedAt: at,
      date: hondurasDate(at),
      clientName: d.clientName,
      clientRtn: d.clientLegalId,
      total: d.total,
      isv: d.totalTaxes,
      status: documentState(d.isAnnulled),
    });
    const invoices: ListedTable<InvoiceSearchRow> = {
      table: tables.invoices,
      date: 'invoice_date',
      number: 'invoice_number',
      columns: invoiceColumns.columns,
      // What its live credit notes credited.
      extra:
        `, (SELECT COALESCE(SUM(n.total), 0) FROM ${tables.notes} n` +
        ' WHERE n.invoice_id = i.id AND n.document_type = ? AND n.is_annulled = 0) AS credited',
      extraParams: [CREDIT_NOTE],
      byName: async (companyId, text) => {
        const clients = await this.db.select(
          `SELECT c.id AS id FROM ${tables.clients} c WHERE c.company_id = ? AND c.client_name LIKE ? ESCAPE '!'`,
          [companyId, likeContaining(text)],
        );
        if (clients.length === 0) return null;
        return { where: `p.client_id IN (${clients.map(() => '?').join(', ')})`, params: clients.map((c) => Number(c.id)) };
      },
      read: (row) => {
        const invoice = invoiceColumns.read(row);
        return { ...common(invoice, invoice.invoiceDate), credited: String(row.credited) };
      },
    };
    const notes: ListedTable<NoteSearchRow> = {
      table: tables.notes,
      date: 'note_date',
      number: 'note_number',
      codes: NOTE_CODES,
      columns: noteColumns.columns,
      extra: '',
      extraParams: [],
      byName: (_companyId, text) => Promise.resolve({ where: "p.client_name LIKE ? ESCAPE '!'", params: [likeContaining(text)] }),
      read: (row) => {
        const note = noteColumns.read(row);
        return { ...common(note, note.noteDate), documentType: note.documentType, invoiceFiscalNumber: note.invoiceFiscalNumber };
      },
    };
    this.invoiceListing = this.listingOf(invoices);
    this.noteListing = this.listingOf(notes);
  }

  private listingOf<Row>(list: ListedTable<Row>): DocumentListing<Row> {
    return {
      page: (companyId, input) => this.page(list, companyId, input),
      summary: (companyId, input) => this.sum(list, companyId, input),
      all: (companyId, input) => this.every(list, companyId, input),
    };
  }

  private async page<Row>(list: ListedTable<Row>, companyId: number, input: InvoiceSearchInput): Promise<SearchPage<Row>> {
    const criteria = parseInvoiceSearch(input, list.codes);
    const offset = (criteria.page - 1) * SEARCH_PAGE_SIZE;
    // One row more than a page tells whether there is a next one.
    const found = await this.rows(list, companyId, criteria, SEARCH_PAGE_SIZE + 1, offset);
    return {
      rows: found.slice(0, SEARCH_PAGE_SIZE),
      page: criteria.page,
      hasNext: found.length > SEARCH_PAGE_SIZE && criteria.page < MAX_SEARCH_PAGE,
    };
  }

  private async rows<Row>(list: ListedTable<Row>, companyId: number, criteria: InvoiceSearchCriteria, limit: number, offset: number) {
    const filter = await this.filter(list, companyId, criteria);
    if (filter === null) return [];
    const sql =
      `SELECT ${list.columns}${list.extra}` +
      ` FROM (SELECT p.id FROM ${list.table} p WHERE ${filter.where} ORDER BY p.${list.date} DESC, p.id DESC LIMIT ? OFFSET ?) page` +
      ` JOIN ${list.table} i ON i.id = page.id ORDER BY i.${list.date} DESC, i.id DESC`;
    const found = await this.db.select(sql, [...list.extraParams, ...filter.params, limit, offset]);
    return found.map((row) => list.read(row));
  }

  private async sum<Row>(list: ListedTable<Row>, companyId: number, input: InvoiceSearchInput): Promise<SearchSummary> {
    const filter = await this.filter(list, companyId, parseInvoiceSearch(input, list.codes));
    if (filter === null) return { count: 0, total: '0.00', isv: '0.00' };
    const [row] = await this.db.select(
      `SELECT COUNT(*) AS count, COALESCE(SUM(p.total), 0) AS total, COALESCE(SUM(p.total_taxes), 0) AS isv FROM ${list.table} p WHERE ${filter.where}`,
      filter.params,
    );
    return { count: Number(row.count), total: new Big(String(row.total)).toFixed(2), isv: new Big(String(row.isv)).toFixed(2) };
  }

  private async *every<Row>(list: ListedTable<Row>, companyId: number, input: InvoiceSearchInput): AsyncIterable<Row> {
    const criteria = parseInvoiceSearch(input, list.codes);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await this.rows(list, companyId, criteria, EXPORT_BATCH, offset);
      yield* batch;
      if (batch.length < EXPORT_BATCH) return;
    }
  }

  /** The WHERE of the documents that match; null when none can (a name no client has). */
  private async filter<Row>(
    list: ListedTable<Row>,
    companyId: number,
    { term, from, to, annulled }: InvoiceSearchCriteria,
  ): Promise<{ where: string; params: SqlParams } | null> {
    const where = ['p.company_id = ?'];
    const params: unknown[] = [companyId];
    switch (term.kind) {
      case 'number':
        where.push(`p.${list.number} = ?`, 'p.fiscal_number LIKE ?');
        params.push(term.sequence, `%${term.suffix}`);
        break;
      case 'rtn':
        where.push('p.client_legal_id = ?');
        params.push(term.rtn);
        break;
      case 'name': {
        const byName = await list.byName(companyId, term.text);
        if (byName === null) return null;
        where.push(byName.where);
        params.push(...byName.params);
        break;
      }
      case 'all':
        break;
    }
    if (from !== null) {
      where.push(`p.${list.date} >= ?`);
      params.push(utcDatetime(startOfHondurasDay(from)));
    }
    if (to !== null) {
      where.push(`p.${list.date} < ?`);
      params.push(utcDatetime(startOfHondurasDay(addDays(to, 1))));
    }
    if (annulled !== null) {
      where.push('p.is_annulled = ?');
      params.push(annulled ? 1 : 0);
    }
    return { where: where.join(' AND '), params };
  }
}
