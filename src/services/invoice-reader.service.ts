import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, selectBatch, tableOf } from '../db/lean-select';
import { AppError } from '../domain/app-error';
import { EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../entities';
import { TOKENS } from '../tokens';
import { INVOICE_LINE_VIEW_FIELDS, INVOICE_TAX_VIEW_FIELDS, INVOICE_VIEW_FIELDS, InvoiceView } from './invoice-view';
import { FIXED_VERSIONS_COLUMNS, fixedVersionsJoins, fixedVersionsOf } from './template-versions.service';

/**
 * Reads an issued invoice of the caller's company; any other id is the same 404.
 *
 * Below the unit of work on purpose: an invoice is only serialised (JSON or PDF), never changed
 * here, and hydrating it with its relations (eight queries) cost most of a GET's time. Three plain
 * SELECTs queued on one connection: the invoice row (with its printed codes and template
 * versions), its lines, its taxes. Plain rows rather than JSON aggregation, which MariaDB and
 * MySQL render differently (order, decimals, length limits). Columns come from the view's field
 * lists and the entities' metadata; DECIMALs arrive as exact strings.
 */
@injectable()
export class InvoiceReader {
  private readonly sql: { invoice: string; lines: string; taxes: string };
  private readonly invoiceColumns;
  private readonly lineColumns;
  private readonly taxColumns;

  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {
    this.invoiceColumns = leanSelect(em, Invoice, 'i', INVOICE_VIEW_FIELDS);
    this.lineColumns = leanSelect(em, InvoiceLine, 'l', INVOICE_LINE_VIEW_FIELDS);
    this.taxColumns = leanSelect(em, InvoiceTax, 't', INVOICE_TAX_VIEW_FIELDS);
    this.sql = {
      invoice:
        `SELECT ${this.invoiceColumns.columns}, i.client_id AS clientId, ep.code AS emissionPointCode, es.code AS establishmentCode, ${FIXED_VERSIONS_COLUMNS}` +
        ` FROM ${tableOf(em, Invoice)} i JOIN ${tableOf(em, EmissionPoint)} ep ON ep.id = i.emission_point_id` +
        ` JOIN ${tableOf(em, Establishment)} es ON es.id = ep.establishment_id ${fixedVersionsJoins(em, 'i')} WHERE i.id = ? AND i.company_id = ?`,
      lines: `SELECT ${this.lineColumns.columns} FROM ${tableOf(em, InvoiceLine)} l WHERE l.invoice_id = ? ORDER BY l.line_number`,
      taxes: `SELECT ${this.taxColumns.columns} FROM ${tableOf(em, InvoiceTax)} t WHERE t.invoice_id = ? ORDER BY t.rate`,
    };
  }

  async get(companyId: number, id: number): Promise<InvoiceView> {
    // Lines and taxes are only used when the invoice row (checked against the company) exists.
    const [[row], lines, taxes] = await selectBatch(this.em, [
      [this.sql.invoice, [id, companyId]],
      [this.sql.lines, [id]],
      [this.sql.taxes, [id]],
    ]);
    if (!row) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${id} does not exist in this company.`);
    return {
      ...this.invoiceColumns.read(row),
      clientId: row.clientId === null ? null : Number(row.clientId),
      establishmentCode: String(row.establishmentCode),
      emissionPointCode: String(row.emissionPointCode),
      versions: fixedVersionsOf(row),
      lines: lines.map((line) => this.lineColumns.read(line)),
      taxes: taxes.map((tax) => this.taxColumns.read(tax)),
    };
  }
}
