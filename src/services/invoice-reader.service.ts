import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { jsonRows, leanSelect, selectRows, tableOf } from '../db/lean-select';
import { AppError } from '../domain/app-error';
import { EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../entities';
import { TOKENS } from '../tokens';
import { INVOICE_LINE_VIEW_FIELDS, INVOICE_TAX_VIEW_FIELDS, INVOICE_VIEW_FIELDS, InvoiceView } from './invoice-view';

/**
 * Reads an issued invoice of the caller's company; any other id is the same 404.
 *
 * Below the unit of work on purpose: an invoice is only serialised (JSON or PDF), never changed
 * here, and hydrating it with its relations (eight queries) cost most of a GET's time. One plain
 * SELECT, one round trip: the invoice with its printed codes, its lines and its taxes aggregated
 * as JSON arrays. Columns come from the view's field lists and the entities' metadata.
 */
@injectable()
export class InvoiceReader {
  private readonly sql: string;
  private readonly invoiceColumns;
  private readonly lineColumns;
  private readonly taxColumns;

  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {
    this.invoiceColumns = leanSelect(em, Invoice, 'i', INVOICE_VIEW_FIELDS);
    this.lineColumns = leanSelect(em, InvoiceLine, 'l', INVOICE_LINE_VIEW_FIELDS);
    this.taxColumns = leanSelect(em, InvoiceTax, 't', INVOICE_TAX_VIEW_FIELDS);
    // JSON_ARRAYAGG has no ORDER BY on MySQL 8: lines and taxes are sorted here instead.
    const lineNumber = "'lineNumber', l.line_number";
    this.sql =
      `SELECT ${this.invoiceColumns.columns}, i.client_id AS clientId, ep.code AS emissionPointCode, es.code AS establishmentCode,` +
      ` (SELECT JSON_ARRAYAGG(JSON_OBJECT(${lineNumber}, 'line', ${this.lineColumns.jsonObject})) FROM ${tableOf(em, InvoiceLine)} l WHERE l.invoice_id = i.id) AS \`lines\`,` +
      ` (SELECT JSON_ARRAYAGG(${this.taxColumns.jsonObject}) FROM ${tableOf(em, InvoiceTax)} t WHERE t.invoice_id = i.id) AS taxes` +
      ` FROM ${tableOf(em, Invoice)} i JOIN ${tableOf(em, EmissionPoint)} ep ON ep.id = i.emission_point_id` +
      ` JOIN ${tableOf(em, Establishment)} es ON es.id = ep.establishment_id WHERE i.id = ? AND i.company_id = ?`;
  }

  async get(companyId: number, id: number): Promise<InvoiceView> {
    const [row] = await selectRows(this.em, this.sql, [id, companyId]);
    if (!row) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${id} does not exist in this company.`);
    const lines = jsonRows(row.lines) as Array<{ lineNumber: number; line: Record<string, unknown> }>;
    return {
      ...this.invoiceColumns.read(row),
      clientId: row.clientId === null ? null : Number(row.clientId),
      establishmentCode: String(row.establishmentCode),
      emissionPointCode: String(row.emissionPointCode),
      lines: lines.sort((a, b) => a.lineNumber - b.lineNumber).map((l) => this.lineColumns.read(l.line)),
      taxes: jsonRows(row.taxes).map((t) => this.taxColumns.read(t)).sort((a, b) => Number(a.rate) - Number(b.rate)),
    };
  }
}
