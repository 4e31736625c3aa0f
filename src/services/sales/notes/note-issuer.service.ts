import Big from 'big.js';
import { inject, injectable } from 'inversify';
import { storedInstant, tableOf } from '../../../db/lean-select';
import type { SqlClient, SqlTransaction } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import { ActivityTrail, documentTarget } from '../../access';
import { hondurasDate } from '../../../domain/calendar-date';
import { computeCreditNote, NoteRefusal } from '../../../domain/notes/credit-note';
import { computeDebitNote } from '../../../domain/notes/debit-note';
import type { InvoiceForNotes } from '../../../domain/notes/note-amounts';
import { requestFingerprint } from '../../../domain/request-fingerprint';
import { storedLineAmounts, storedTaxEntry, wasExonerated } from '../../../domain/sale-amounts';
import { Company, EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { claimFor, type IdempotencyClaim, NumberedWriter, checkNumberAvailable } from '../../documents';
import { canonicalNoteArguments, type NoteRequest } from './note-request';
import { NoteReader } from './note-reader.service';
import { NoteRowWriter, type ModifiedInvoice, type NoteHeading } from './note-row-writer';
import type { NoteView } from './note-view';

export interface IssuedNote {
  note: NoteView;
  /** The key named a note already issued with the same arguments: nothing was issued. */
  replayed: boolean;
}

/** The emission point a note is issued at, as its heading prints it. */
interface NotePoint {
  id: number;
  code: string;
  establishmentCode: string;
  establishmentName: string | null;
  establishmentAddress: string | null;
}

const big = (v: unknown) => new Big(String(v));

/**
 * Issues credit and debit notes through the documents kernel's numbered write. Inside its
 * transaction, after the note's number is taken: the invoice's row is locked (so concurrent notes
 * of one invoice wait for each other), refused when annulled, its live credit notes read, the note
 * computed and checked against what is left, and written with its `note-issued` row in the activity
 * trail. Any refusal rolls the transaction back: nothing is written and no number is consumed.
 */
@injectable()
export class NoteIssuer {
  private readonly rows: NoteRowWriter;
  private readonly sql: {
    invoiceOfCompany: string;
    invoice: string;
    invoiceLines: string;
    invoiceTaxes: string;
    emissionPointById: string;
    emissionPointByCode: string;
    company: string;
  };

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(NumberedWriter) private readonly writer: NumberedWriter,
    @inject(NoteReader) private readonly reader: NoteReader,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {
    this.rows = new NoteRowWriter(db);
    const invoices = tableOf(db, Invoice);
    const points = `${tableOf(db, EmissionPoint)} ep JOIN ${tableOf(db, Establishment)} es ON es.id = ep.establishment_id`;
    const pointColumns =
      'ep.id AS id, ep.code AS code, es.code AS establishmentCode, es.name AS establishmentName, es.address AS establishmentAddress';
    this.sql = {
      invoiceOfCompany: `SELECT i.emission_point_id AS emissionPointId FROM ${invoices} i WHERE i.id = ? AND i.company_id = ?`,
      invoice:
        'SELECT i.id AS id, i.company_id AS companyId, i.is_annulled AS isAnnulled, i.fiscal_number AS fiscalNumber, i.cai AS cai, i.invoice_date AS invoiceDate,' +
        ' i.client_name AS clientName, i.client_legal_id AS clientLegalId, i.exoneration_certificate AS exonerationCertificate,' +
        ' i.exoneration_sag_registry AS exonerationSagRegistry, i.exempt_purchase_order_number AS exemptPurchaseOrderNumber,' +
        ` i.exempted_amount AS exemptedAmount, i.exonerated_amount AS exoneratedAmount, i.total AS total FROM ${invoices} i WHERE i.id = ?`,
      invoiceLines:
        'SELECT l.line_number AS position, l.product_code AS code, l.description AS description, l.quantity AS quantity, l.unit_price AS unitPrice,' +
        ' l.importe AS importe, l.discount_amount AS discountAmount, l.sub_total AS subTotal, l.exempt_amount AS exemptAmount, l.isv_rate AS isvRate' +
        ` FROM ${tableOf(db, InvoiceLine)} l WHERE l.invoice_id = ? ORDER BY l.line_number`,
      invoiceTaxes: `SELECT t.rate AS rate, t.taxed_amount AS taxedAmount, t.tax_amount AS taxAmount FROM ${tableOf(db, InvoiceTax)} t WHERE t.invoice_id = ? ORDER BY t.rate`,
      emissionPointById: `SELECT ${pointColumns} FROM ${points} WHERE ep.id = ?`,
      emissionPointByCode: `SELECT ${pointColumns} FROM ${points} WHERE es.company_id = ? AND es.code = ? AND ep.code = ? AND ep.deleted_at IS NULL AND es.deleted_at IS NULL`,
      company: `SELECT c.name AS name, c.trade_name AS tradeName, c.rtn AS rtn, c.address AS address, c.phone AS phone, c.email AS email, c.verification_base_url AS verificationBaseUrl FROM ${tableOf(db, Company)} c WHERE c.id = ?`,
    };
  }

  /**
   * Issues the note, or answers the note already issued for this key with the same arguments (a
   * replay changes nothing and records nothing).
   */
  async issue(actor: Actor, company: CompanyRef, request: NoteRequest, key: string | null, now = new Date()): Promise<IssuedNote> {
    const claim: IdempotencyClaim | null =
      key === null
        ? null
        : claimFor(
            request.type,
            key,
            requestFingerprint(canonicalNoteArguments(request)),
            `key "${key}" was used for a note with other arguments; use a new key for a different note`,
          );
    const result = await this.writer.issue(company.id, claim, async () => {
      const [invoiceRow] = await this.db.select(this.sql.invoiceOfCompany, [request.invoiceId, company.id]);
      if (!invoiceRow)
        throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `company ${company.code} has no invoice with id ${request.invoiceId}`);
      const point = await this.emissionPoint(company, request.emissionPoint, Number(invoiceRow.emissionPointId));
      const [issuer] = await this.db.select(this.sql.company, [company.id]);
      const heading: NoteHeading = {
        documentType: request.type,
        noteDate: now,
        companyId: company.id,
        emissionPointId: point.id,
        establishmentCode: point.establishmentCode,
        emissionPointCode: point.code,
        issuerName: String(issuer.name),
        issuerTradeName: (issuer.tradeName as string | null) ?? null,
        issuerRtn: String(issuer.rtn),
        issuerAddress: (issuer.address as string | null) ?? null,
        issuerPhone: (issuer.phone as string | null) ?? null,
        issuerEmail: (issuer.email as string | null) ?? null,
        establishmentName: point.establishmentName,
        establishmentAddress: point.establishmentAddress,
        reason: request.reason,
      };
      // A refused note writes nothing, and the kernel stores the template versions only once
      // the note is described (decision 44): so every refusal the transaction would meet is
      // looked for here, without locks. The transaction checks again under its locks, where
      // only a note racing another one can still be refused.
      const pointName = `${point.establishmentCode}-${point.code}`;
      await checkNumberAvailable(this.db, point.id, request.type, hondurasDate(now), pointName);
      const unlocked = await this.invoiceForNotes(this.db, company, request.invoiceId, false);
      await this.compute(this.db, request, unlocked.invoice, unlocked.forNotes);
      return {
        companyCode: company.code,
        documentType: request.type,
        emissionPointId: point.id,
        emissionPointName: pointName,
        day: hondurasDate(now),
        companyVerificationBaseUrl: (issuer.verificationBaseUrl as string | null) ?? null,
        insert: async (tx, issue) => {
          const { invoice, forNotes } = await this.invoiceForNotes(tx, company, request.invoiceId, true);
          const amounts = await this.compute(tx, request, invoice, forNotes);
          const note = await this.rows.insert(tx, heading, invoice, amounts, issue);
          await this.trail.record(tx, {
            actor,
            companyId: company.id,
            action: 'note-issued',
            target: `${documentTarget(note.documentType, note.fiscalNumber, note.id)} of ${documentTarget('invoice', invoice.fiscalNumber, invoice.id)}`,
            details: { reason: request.reason, total: note.total },
            at: now,
          });
          return { documentId: note.id, note };
        },
      };
    });
    if ('replayOf' in result) return this.replay(company, result.replayOf);
    return { note: result.written.note, replayed: false };
  }

  private async replay(company: CompanyRef, documentId: number): Promise<IssuedNote> {
    return { note: await this.reader.get(company, documentId), replayed: true };
  }

  private async emissionPoint(company: CompanyRef, code: string | null, invoicePointId: number): Promise<NotePoint> {
    let row;
    if (code === null) {
      [row] = await this.db.select(this.sql.emissionPointById, [invoicePointId]);
    } else {
      const [establishment, point] = code.split('-');
      [row] = await this.db.select(this.sql.emissionPointByCode, [company.id, establishment, point]);
      if (!row) throw new AppError('EMISSION_POINT_NOT_FOUND', `company ${company.code} has no live emission point ${code}`);
    }
    return {
      id: Number(row.id),
      code: String(row.code),
      establishmentCode: String(row.establishmentCode),
      establishmentName: (row.establishmentName as string | null) ?? null,
      establishmentAddress: (row.establishmentAddress as string | null) ?? null,
    };
  }

  /**
   * The invoice, with `lock` locked for the rest of the transaction; refused when annulled or of
   * another company.
   */
  private async invoiceForNotes(
    tx: Pick<SqlTransaction, 'select'>,
    company: CompanyRef,
    invoiceId: number,
    lock: boolean,
  ): Promise<{ invoice: ModifiedInvoice; forNotes: InvoiceForNotes }> {
    const [row] = await tx.select(lock ? `${this.sql.invoice} FOR UPDATE` : this.sql.invoice, [invoiceId]);
    if (!row || Number(row.companyId) !== company.id)
      throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `company ${company.code} has no invoice with id ${invoiceId}`);
    if (Number(row.isAnnulled) === 1)
      throw new AppError(
        'INVOICE_ANNULLED',
        `invoice ${invoiceId} (${String(row.fiscalNumber)}) is annulled: a note can only modify a valid invoice`,
      );
    const [lines, taxes] = [await tx.select(this.sql.invoiceLines, [invoiceId]), await tx.select(this.sql.invoiceTaxes, [invoiceId])];
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const exoneratedAmount = big(row.exoneratedAmount);
    const exonerated = wasExonerated(exoneratedAmount, [
      text(row.exonerationCertificate),
      text(row.exonerationSagRegistry),
      text(row.exemptPurchaseOrderNumber),
    ]);
    return {
      invoice: {
        id: invoiceId,
        fiscalNumber: String(row.fiscalNumber),
        cai: String(row.cai),
        invoiceDate: storedInstant(String(row.invoiceDate)),
        clientName: text(row.clientName),
        clientLegalId: text(row.clientLegalId),
        exonerated,
        exonerationCertificate: text(row.exonerationCertificate),
        exonerationSagRegistry: text(row.exonerationSagRegistry),
        exemptPurchaseOrderNumber: text(row.exemptPurchaseOrderNumber),
      },
      forNotes: {
        exonerated,
        lines: lines.map((l) => ({
          position: Number(l.position),
          code: String(l.code),
          description: String(l.description),
          ...storedLineAmounts(l),
        })),
        taxes: taxes.map(storedTaxEntry),
        exemptedAmount: big(row.exemptedAmount),
        exoneratedAmount,
        total: big(row.total),
      },
    };
  }

  private async compute(tx: Pick<SqlTransaction, 'select'>, request: NoteRequest, invoice: ModifiedInvoice, forNotes: InvoiceForNotes) {
    try {
      if (request.type === 'debitNote') return computeDebitNote(invoice.exonerated, request.debit);
      const earlier = await this.reader.liveCreditNotes(tx, invoice.id);
      return computeCreditNote(forNotes, earlier, request.credit);
    } catch (err) {
      if (!(err instanceof NoteRefusal)) throw err;
      const code =
        err.kind === 'limit' ? 'NOTE_LIMIT_EXCEEDED' : err.kind === 'nothing-left' ? 'NOTE_NOTHING_TO_CREDIT' : 'VALIDATION_FAILED';
      throw new AppError(code, err.message);
    }
  }
}
