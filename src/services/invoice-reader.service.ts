import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, parseJson, selectRows, tableOf } from '../db/lean-select';
import { AppError } from '../domain/app-error';
import { EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../entities';
import { TOKENS } from '../tokens';
import { INVOICE_LINE_VIEW_FIELDS, INVOICE_TAX_VIEW_FIELDS, INVOICE_VIEW_FIELDS, InvoiceView } from './invoice-view';

/**
 * Reads an issued invoice of the caller's company; any other id is the same 404.
 *
 * Below the unit of work on purpose: an invoice is only serialised (JSON or PDF), never changed
 * here, and hydrating it with its relations (eight queries) cost most of a GET's time. One plain
 * SELECT, one round trip: the invoice with its printed codes, its lines and its taxes, as one JSON
 * document. Columns come from the view's field lists and the entities' metadata.
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
    // One JSON column rather than forty: the driver decodes each column's definition on every
    // result, JSON.parse is native. JSON_ARRAYAGG has no ORDER BY on MySQL 8: sorted here instead.
    this.sql =
      `SELECT JSON_OBJECT(${this.invoiceColumns.jsonPairs}, 'clientId', i.client_id, 'emissionPointCode', ep.code, 'establishmentCode', es.code,` +
      ` 'lines', (SELECT JSON_ARRAYAGG(JSON_OBJECT('lineNumber', l.line_number, 'line', ${this.lineColumns.jsonObject})) FROM ${tableOf(em, InvoiceLine)} l WHERE l.invoice_id = i.id),` +
      ` 'taxes', (SELECT JSON_ARRAYAGG(${this.taxColumns.jsonObject}) FROM ${tableOf(em, InvoiceTax)} t WHERE t.invoice_id = i.id)) AS invoice` +
      ` FROM ${tableOf(em, Invoice)} i JOIN ${tableOf(em, EmissionPoint)} ep ON ep.id = i.emission_point_id` +
      ` JOIN ${tableOf(em, Establishment)} es ON es.id = ep.establishment_id WHERE i.id = ? AND i.company_id = ?`;
  }

  async get(companyId: number, id: number): Promise<InvoiceView> {
    const [row] = await selectRows(this.em, this.sql, [id, companyId]);
    if (!row) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${id} does not exist in this company.`);
    const invoice = parseJson<Record<string, unknown>>(row.invoice)!;
    const lines = parseJson<Array<{ lineNumber: number; line: Record<string, unknown> }>>(invoice.lines) ?? [];
    const taxes = parseJson<Array<Record<string, unknown>>>(invoice.taxes) ?? [];
    return {
      ...this.invoiceColumns.read(invoice),
      clientId: invoice.clientId === null ? null : Number(invoice.clientId),
      establishmentCode: String(invoice.establishmentCode),
      emissionPointCode: String(invoice.emissionPointCode),
      lines: lines.sort((a, b) => a.lineNumber - b.lineNumber).map((l) => this.lineColumns.read(l.line)),
      taxes: taxes.map((t) => this.taxColumns.read(t)).sort((a, b) => Number(a.rate) - Number(b.rate)),
    };
  }
}
