import Big from 'big.js';
import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient, SqlRow, SqlTransaction } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import type { NoteAmounts } from '../../../domain/notes/note-amounts';
import { storedLineAmounts, storedTaxEntry } from '../../../domain/sale-amounts';
import { EmissionPoint, Establishment, Note, NoteLine, NoteTax } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { FIXED_VERSIONS_COLUMNS, fixedVersionsJoins, fixedVersionsOf } from '../../documents';
import { NOTE_LINE_VIEW_FIELDS, NOTE_TAX_VIEW_FIELDS, NOTE_VIEW_FIELDS, type NoteView } from './note-view';

/**
 * Reads a company's notes below the unit of work (plain SELECTs from the views' field lists), and,
 * inside an issuing transaction, what the live credit notes of an invoice credited.
 */
@injectable()
export class NoteReader {
  private readonly head;
  private readonly lineColumns;
  private readonly taxColumns;
  private readonly sql: {
    note: string;
    lines: string;
    taxes: string;
    list: string;
    page: string;
    creditedInvoices: string;
    liveCredits: string;
    creditedLines: string;
    creditedTaxes: string;
    creditedNotes: string;
  };

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.head = leanSelect(db, Note, 'n', NOTE_VIEW_FIELDS);
    this.lineColumns = leanSelect(db, NoteLine, 'l', NOTE_LINE_VIEW_FIELDS);
    this.taxColumns = leanSelect(db, NoteTax, 't', NOTE_TAX_VIEW_FIELDS);
    const notes = tableOf(db, Note);
    const lines = tableOf(db, NoteLine);
    const taxes = tableOf(db, NoteTax);
    const select =
      `SELECT ${this.head.columns}, n.invoice_id AS invoiceId, ep.code AS emissionPointCode, es.code AS establishmentCode, ${FIXED_VERSIONS_COLUMNS}` +
      ` FROM ${notes} n JOIN ${tableOf(db, EmissionPoint)} ep ON ep.id = n.emission_point_id` +
      ` JOIN ${tableOf(db, Establishment)} es ON es.id = ep.establishment_id ${fixedVersionsJoins(db, 'n')}`;
    const live = `n.invoice_id = ? AND n.document_type = 'creditNote' AND n.is_annulled = 0`;
    this.sql = {
      note: `${select} WHERE n.id = ? AND n.company_id = ?`,
      lines: `SELECT l.note_id AS noteId, ${this.lineColumns.columns} FROM ${lines} l WHERE l.note_id IN (?) ORDER BY l.note_id, l.line_number`,
      taxes: `SELECT t.note_id AS noteId, ${this.taxColumns.columns} FROM ${taxes} t WHERE t.note_id IN (?) ORDER BY t.note_id, t.rate`,
      list: `${select} WHERE n.company_id = ? AND (? IS NULL OR n.invoice_id = ?) ORDER BY n.note_date, n.id`,
      page: `${select} WHERE n.company_id = ? AND n.id > ? ORDER BY n.id LIMIT ?`,
      creditedInvoices:
        `SELECT DISTINCT n.invoice_id AS invoiceId FROM ${notes} n WHERE n.company_id = ? AND n.invoice_id > ?` +
        ` AND n.document_type = 'creditNote' AND n.is_annulled = 0 ORDER BY n.invoice_id LIMIT ?`,
      liveCredits: `${select} WHERE n.invoice_id IN (?) AND n.document_type = 'creditNote' AND n.is_annulled = 0 ORDER BY n.invoice_id, n.id`,
      creditedNotes: `SELECT n.id AS id, n.exempted_amount AS exemptedAmount, n.exonerated_amount AS exoneratedAmount, n.total AS total FROM ${notes} n WHERE ${live}`,
      creditedLines: `SELECT l.note_id AS noteId, ${this.lineColumns.columns} FROM ${lines} l JOIN ${notes} n ON n.id = l.note_id WHERE ${live}`,
      creditedTaxes: `SELECT t.note_id AS noteId, ${this.taxColumns.columns} FROM ${taxes} t JOIN ${notes} n ON n.id = t.note_id WHERE ${live}`,
    };
  }

  /** A note of the company, or NOTE_NOT_FOUND. */
  async get(company: CompanyRef, id: number): Promise<NoteView> {
    const [row] = await this.db.select(this.sql.note, [id, company.id]);
    if (!row) throw new AppError('NOTE_NOT_FOUND', `company ${company.code} has no note with id ${id}`);
    return (await this.withLines([row]))[0];
  }

  /** The company's notes (of one invoice when given), annulled ones included, by date then id. */
  async list(companyId: number, invoiceId: number | null): Promise<NoteView[]> {
    const rows = await this.db.select(this.sql.list, [companyId, invoiceId, invoiceId]);
    return this.withLines(rows);
  }

  /** Up to `limit` of the company's notes with an id above `afterId`, by id: a page of a walk through all of them. */
  async page(companyId: number, afterId: number, limit: number): Promise<NoteView[]> {
    return this.withLines(await this.db.select(this.sql.page, [companyId, afterId, limit]));
  }

  /** Up to `limit` ids of the company's invoices that live credit notes credit, above `afterInvoiceId`, ascending. */
  async creditedInvoiceIds(companyId: number, afterInvoiceId: number, limit: number): Promise<number[]> {
    const rows = await this.db.select(this.sql.creditedInvoices, [companyId, afterInvoiceId, limit]);
    return rows.map((r) => Number(r.invoiceId));
  }

  /** The live credit notes of these invoices, by invoice then id. */
  async liveCreditNotesOf(invoiceIds: readonly number[]): Promise<NoteView[]> {
    if (invoiceIds.length === 0) return [];
    return this.withLines(await this.db.select(this.sql.liveCredits, [invoiceIds]));
  }

  private async withLines(rows: SqlRow[]): Promise<NoteView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const [lines, taxes] = await this.db.selectBatch([
      [this.sql.lines, [ids]],
      [this.sql.taxes, [ids]],
    ]);
    return rows.map((row) => {
      const id = Number(row.id);
      return {
        ...this.head.read(row),
        invoiceId: Number(row.invoiceId),
        establishmentCode: String(row.establishmentCode),
        emissionPointCode: String(row.emissionPointCode),
        versions: fixedVersionsOf(row),
        lines: lines.filter((l) => Number(l.noteId) === id).map((l) => this.lineColumns.read(l)),
        taxes: taxes.filter((t) => Number(t.noteId) === id).map((t) => this.taxColumns.read(t)),
      };
    });
  }

  /** The live credit notes of an invoice, as the domain adds them up; in the caller's transaction (under its lock on the invoice). */
  async liveCreditNotes(tx: Pick<SqlTransaction, 'select'>, invoiceId: number): Promise<NoteAmounts[]> {
    const notes = await tx.select(this.sql.creditedNotes, [invoiceId]);
    if (notes.length === 0) return [];
    const lines = await tx.select(this.sql.creditedLines, [invoiceId]);
    const taxes = await tx.select(this.sql.creditedTaxes, [invoiceId]);
    const big = (v: unknown) => new Big(String(v));
    return notes.map((n) => ({
      lines: lines
        .filter((l) => Number(l.noteId) === Number(n.id))
        .map((l) => ({
          invoiceLine: l.invoiceLineNumber === null ? null : Number(l.invoiceLineNumber),
          code: l.productCode === null ? null : String(l.productCode),
          description: String(l.description),
          ...storedLineAmounts(l),
        })),
      taxBreakdown: taxes.filter((t) => Number(t.noteId) === Number(n.id)).map(storedTaxEntry),
      importe: big(0),
      discountTotal: big(0),
      totalTaxes: big(0),
      exemptedAmount: big(n.exemptedAmount),
      exoneratedAmount: big(n.exoneratedAmount),
      total: big(n.total),
    }));
  }
}
