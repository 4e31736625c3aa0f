import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, selectRows, tableOf } from '../db/lean-select';
import { AppError } from '../domain/app-error';
import { EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../entities';
import { TOKENS } from '../tokens';
import { INVOICE_LINE_VIEW_FIELDS, INVOICE_TAX_VIEW_FIELDS, INVOICE_VIEW_FIELDS, InvoiceView } from './invoice-view';

/**
 * Reads an issued invoice of the caller's company; any other id is the same 404.
 *
 * Below the unit of work on purpose: an invoice is only serialised (JSON or PDF), never changed
 * here, and hydrating it with its relations cost most of a GET's time. Three plain SELECTs sent at
 * once (the invoice with its printed codes, its lines, its taxes) on the ORM's pool; the columns
 * come from the view's field lists and the entities' metadata.
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
        `SELECT ${this.invoiceColumns.columns}, i.client_id AS clientId, ep.code AS emissionPointCode, es.code AS establishmentCode` +
        ` FROM ${tableOf(em, Invoice)} i JOIN ${tableOf(em, EmissionPoint)} ep ON ep.id = i.emission_point_id` +
        ` JOIN ${tableOf(em, Establishment)} es ON es.id = ep.establishment_id WHERE i.id = ? AND i.company_id = ?`,
      lines: `SELECT ${this.lineColumns.columns} FROM ${tableOf(em, InvoiceLine)} l WHERE l.invoice_id = ? ORDER BY l.line_number`,
      taxes: `SELECT ${this.taxColumns.columns} FROM ${tableOf(em, InvoiceTax)} t WHERE t.invoice_id = ? ORDER BY t.rate`,
    };
  }

  async get(companyId: number, id: number): Promise<InvoiceView> {
    const [[row], lines, taxes] = await Promise.all([
      selectRows(this.em, this.sql.invoice, [id, companyId]),
      selectRows(this.em, this.sql.lines, [id]),
      selectRows(this.em, this.sql.taxes, [id]),
    ]);
    if (!row) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${id} does not exist in this company.`);
    return {
      ...this.invoiceColumns.read(row),
      clientId: row.clientId === null ? null : Number(row.clientId),
      establishmentCode: String(row.establishmentCode),
      emissionPointCode: String(row.emissionPointCode),
      lines: lines.map((l) => this.lineColumns.read(l)),
      taxes: taxes.map((t) => this.taxColumns.read(t)),
    };
  }
}
