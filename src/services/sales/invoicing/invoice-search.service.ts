import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, tableOf, utcDatetime } from '../../../db/lean-select';
import type { SqlClient, SqlParams } from '../../../db/sql-client';
import { addDays, hondurasDate, startOfHondurasDay } from '../../../domain/calendar-date';
import type { DocumentType } from '../../../domain/document-type';
import {
  MAX_SEARCH_PAGE,
  parseInvoiceSearch,
  SEARCH_PAGE_SIZE,
  type InvoiceSearchCriteria,
  type InvoiceSearchInput,
} from '../../../domain/invoice-search-terms';
import { Client, Invoice, Note } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { documentState, type DocumentState } from '../../../domain/document-words';

const CREDIT_NOTE: DocumentType = 'creditNote';

const ROW_FIELDS = ['id', 'fiscalNumber', 'invoiceDate', 'clientName', 'clientLegalId', 'total', 'isAnnulled'] as const;

/** One invoice as a search lists it. Amounts are exact decimal strings (2 decimals). */
export interface InvoiceSearchRow {
  id: number;
  /** EEE-PPP-01-NNNNNNNN */
  fiscalNumber: string;
  issuedAt: Date;
  /** Its Honduras calendar day, YYYY-MM-DD. */
  date: string;
  /** Null for a final consumer. */
  clientName: string | null;
  clientRtn: string | null;
  total: string;
  status: DocumentState;
  /** The sum of its live (not annulled) credit notes' totals; "0.00" when none. */
  credited: string;
}

export interface InvoiceSearchPage {
  rows: InvoiceSearchRow[];
  page: number;
  hasNext: boolean;
}

/** LIKE's wildcards and its escape character, taken literally in what the operator typed. */
function likeContaining(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Finds a company's invoices for the console's list (decision 62): by printed number or its
 * end, the buyer's RTN or part of a client's name, within a Honduras period, newest first, 50 a
 * page, each with what its live credit notes credited.
 *
 * Every kind of search walks an index that starts with what it filters on and ends with the
 * date, so a page reads its 51 rows and no more: the number by (company, number), the RTN by
 * (company, RTN, date), a period by (company, date). A name is looked for among the company's
 * clients (thousands of names, not a million invoices), then their invoices by (company,
 * client, date). The page's ids are chosen on the index alone; only those rows are read whole.
 */
@injectable()
export class InvoiceSearch {
  private readonly columns;
  private readonly tables: { invoices: string; notes: string; clients: string };

  constructor(
    @inject(TOKENS.EntityManager) em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.columns = leanSelect(em, Invoice, 'i', ROW_FIELDS);
    this.tables = { invoices: tableOf(em, Invoice), notes: tableOf(em, Note), clients: tableOf(em, Client) };
  }

  /** One page of the company's invoices that match; a bad q, from, to or page is VALIDATION_FAILED. */
  async search(companyId: number, input: InvoiceSearchInput): Promise<InvoiceSearchPage> {
    const criteria = parseInvoiceSearch(input);
    const filter = await this.filter(companyId, criteria);
    if (filter === null) return { rows: [], page: criteria.page, hasNext: false };
    const { invoices, notes } = this.tables;
    // One row more than a page tells whether there is a next one.
    const sql =
      `SELECT ${this.columns.columns}, (SELECT COALESCE(SUM(n.total), 0) FROM ${notes} n` +
      ` WHERE n.invoice_id = i.id AND n.document_type = ? AND n.is_annulled = 0) AS credited` +
      ` FROM (SELECT p.id FROM ${invoices} p WHERE ${filter.where} ORDER BY p.invoice_date DESC, p.id DESC LIMIT ? OFFSET ?) page` +
      ` JOIN ${invoices} i ON i.id = page.id ORDER BY i.invoice_date DESC, i.id DESC`;
    const offset = (criteria.page - 1) * SEARCH_PAGE_SIZE;
    const found = await this.db.select(sql, [CREDIT_NOTE, ...filter.params, SEARCH_PAGE_SIZE + 1, offset]);
    const rows = found.slice(0, SEARCH_PAGE_SIZE).map((row): InvoiceSearchRow => {
      const invoice = this.columns.read(row);
      return {
        id: invoice.id,
        fiscalNumber: invoice.fiscalNumber,
        issuedAt: invoice.invoiceDate,
        date: hondurasDate(invoice.invoiceDate),
        clientName: invoice.clientName,
        clientRtn: invoice.clientLegalId,
        total: invoice.total,
        status: documentState(invoice.isAnnulled),
        credited: String(row.credited),
      };
    });
    return { rows, page: criteria.page, hasNext: found.length > SEARCH_PAGE_SIZE && criteria.page < MAX_SEARCH_PAGE };
  }

  /** The WHERE of the page's ids; null when no invoice can match (a name no client has). */
  private async filter(companyId: number, { term, from, to }: InvoiceSearchCriteria): Promise<{ where: string; params: SqlParams } | null> {
    const where = ['p.company_id = ?'];
    const params: unknown[] = [companyId];
    switch (term.kind) {
      case 'number':
        where.push('p.invoice_number = ?', 'p.fiscal_number LIKE ?');
        params.push(term.sequence, `%${term.suffix}`);
        break;
      case 'rtn':
        where.push('p.client_legal_id = ?');
        params.push(term.rtn);
        break;
      case 'name': {
        const clients = await this.db.select(
          `SELECT c.id AS id FROM ${this.tables.clients} c WHERE c.company_id = ? AND c.client_name LIKE ? ESCAPE '!'`,
          [companyId, likeContaining(term.text)],
        );
        if (clients.length === 0) return null;
        where.push(`p.client_id IN (${clients.map(() => '?').join(', ')})`);
        params.push(...clients.map((c) => Number(c.id)));
        break;
      }
      case 'all':
        break;
    }
    if (from !== null) {
      where.push('p.invoice_date >= ?');
      params.push(utcDatetime(startOfHondurasDay(from)));
    }
    if (to !== null) {
      where.push('p.invoice_date < ?');
      params.push(utcDatetime(startOfHondurasDay(addDays(to, 1))));
    }
    return { where: where.join(' AND '), params };
  }
}
