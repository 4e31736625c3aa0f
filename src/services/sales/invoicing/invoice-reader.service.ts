import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import { EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { Principal } from '../../access';
import { INVOICE_LINE_VIEW_FIELDS, INVOICE_TAX_VIEW_FIELDS, INVOICE_VIEW_FIELDS, InvoiceView } from './invoice-view';
import { ReadCache } from '../../../db/read-cache';
import { FIXED_VERSIONS_COLUMNS, fixedVersionsJoins, fixedVersionsOf } from '../../documents';

/** Rough memory of a cached invoice view, for the cache's byte bound. */
const APPROXIMATE_BYTES = { invoice: 4096, line: 1024 };

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

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(ReadCache) private readonly cache: ReadCache,
  ) {
    this.invoiceColumns = leanSelect(db, Invoice, 'i', INVOICE_VIEW_FIELDS);
    this.lineColumns = leanSelect(db, InvoiceLine, 'l', INVOICE_LINE_VIEW_FIELDS);
    this.taxColumns = leanSelect(db, InvoiceTax, 't', INVOICE_TAX_VIEW_FIELDS);
    this.sql = {
      invoice:
        `SELECT ${this.invoiceColumns.columns}, i.client_id AS clientId, ep.code AS emissionPointCode, es.code AS establishmentCode, ${FIXED_VERSIONS_COLUMNS}` +
        ` FROM ${tableOf(db, Invoice)} i JOIN ${tableOf(db, EmissionPoint)} ep ON ep.id = i.emission_point_id` +
        ` JOIN ${tableOf(db, Establishment)} es ON es.id = ep.establishment_id ${fixedVersionsJoins(db, 'i')} WHERE i.id = ? AND i.company_id = ?`,
      lines: `SELECT ${this.lineColumns.columns} FROM ${tableOf(db, InvoiceLine)} l WHERE l.invoice_id = ? ORDER BY l.line_number`,
      taxes: `SELECT ${this.taxColumns.columns} FROM ${tableOf(db, InvoiceTax)} t WHERE t.invoice_id = ? ORDER BY t.rate`,
    };
  }

  /**
   * The invoice as the caller's company sees it now, from the read cache while the company's
   * invoices counter (read when the caller authenticated) is the one it was read under. After
   * issue, only an annulment changes an invoice, and it bumps that counter. An invoice without
   * fixed template versions is not kept: its first PDF fixes them (TemplateVersionStore.fixOn).
   */
  async getFor(principal: Pick<Principal, 'companyId' | 'revisions'>, id: number): Promise<InvoiceView> {
    return this.cache.getOrRead(
      `invoice:${principal.companyId}:${id}`,
      principal.revisions.invoices,
      () => this.get(principal.companyId, id),
      (invoice) => (invoice.versions === null ? null : APPROXIMATE_BYTES.invoice + APPROXIMATE_BYTES.line * invoice.lines.length),
    );
  }

  /** The invoice as stored now, read from the database. */
  async get(companyId: number, id: number): Promise<InvoiceView> {
    // Lines and taxes are only used when the invoice row (checked against the company) exists.
    const [[row], lines, taxes] = await this.db.selectBatch([
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
