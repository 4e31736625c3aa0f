import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient, SqlRow } from '../../../db/sql-client';
import type { DocumentType } from '../../../domain/document-type';
import { isVerificationToken } from '../../../domain/verification-token';
import { Invoice, Note } from '../../../entities';
import { TOKENS } from '../../../tokens';

/** A note against a verified invoice, as its page lists it. */
export interface VerifiedNote {
  documentType: DocumentType;
  fiscalNumber: string;
  issuedAt: Date;
  /** Decimal string in lempiras, as stored. */
  total: string;
}

/**
 * The facts a verification page publishes about one document (decision 54), and nothing else:
 * the buyer, the lines and every other stored field are never read, so no page can show them.
 */
export interface VerifiedDocument {
  documentType: DocumentType;
  issuer: { name: string; rtn: string };
  fiscalNumber: string;
  cai: string;
  issuedAt: Date;
  total: string;
  annulled: boolean;
  /** An invoice's live credit and debit notes, oldest first; null for a note. */
  notes: VerifiedNote[] | null;
}

/**
 * A token matches only itself: the column's collation compares letters case-insensitively, which
 * would let a guess in the wrong case find a document, so the lookup (through the unique index)
 * is narrowed to the exact bytes.
 */
const EXACT_TOKEN = (alias: string) =>
  `${alias}.\`verification_token\` = ? AND CAST(${alias}.\`verification_token\` AS BINARY) = CAST(? AS BINARY)`;

/**
 * Finds the document a verification token belongs to, read from the database on every call: an
 * annulment or a note made by any process, on any instance, shows on the next request. No cache:
 * the page is public and rate-limited, each answer costs three indexed SELECTs in one round trip,
 * and keeping answers would need a change counter no public request can read cheaply.
 */
@injectable()
export class DocumentVerifier {
  private readonly invoiceColumns;
  private readonly noteColumns;
  private readonly sql: { invoice: string; note: string; notesOfInvoice: string };

  constructor(
    @inject(TOKENS.EntityManager) em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.invoiceColumns = leanSelect(em, Invoice, 'i', [
      'issuerName',
      'issuerRtn',
      'fiscalNumber',
      'cai',
      'invoiceDate',
      'total',
      'isAnnulled',
    ]);
    this.noteColumns = leanSelect(em, Note, 'n', [
      'documentType',
      'issuerName',
      'issuerRtn',
      'fiscalNumber',
      'cai',
      'noteDate',
      'total',
      'isAnnulled',
    ]);
    const listed = leanSelect(em, Note, 'n', ['documentType', 'fiscalNumber', 'noteDate', 'total']);
    this.sql = {
      invoice: `SELECT ${this.invoiceColumns.columns} FROM ${tableOf(em, Invoice)} i WHERE ${EXACT_TOKEN('i')}`,
      note: `SELECT ${this.noteColumns.columns} FROM ${tableOf(em, Note)} n WHERE ${EXACT_TOKEN('n')}`,
      // An annulled note no longer modifies its invoice: it is not listed.
      notesOfInvoice:
        `SELECT ${listed.columns} FROM ${tableOf(em, Note)} n JOIN ${tableOf(em, Invoice)} i ON i.id = n.invoice_id` +
        ` WHERE ${EXACT_TOKEN('i')} AND n.is_annulled = 0 ORDER BY n.note_date, n.id`,
    };
    this.readNote = (row) => {
      const note = listed.read(row);
      return { documentType: note.documentType, fiscalNumber: note.fiscalNumber, issuedAt: note.noteDate, total: note.total };
    };
  }

  private readonly readNote: (row: SqlRow) => VerifiedNote;

  /** The document whose token this is, or null for any other string (malformed ones never reach the database). */
  async find(token: string): Promise<VerifiedDocument | null> {
    if (!isVerificationToken(token)) return null;
    const exact = [token, token];
    const [[invoice], [note], notes] = await this.db.selectConsistent([
      [this.sql.invoice, exact],
      [this.sql.note, exact],
      [this.sql.notesOfInvoice, exact],
    ]);
    if (invoice !== undefined) {
      const row = this.invoiceColumns.read(invoice);
      return {
        documentType: 'invoice',
        issuer: { name: row.issuerName, rtn: row.issuerRtn },
        fiscalNumber: row.fiscalNumber,
        cai: row.cai,
        issuedAt: row.invoiceDate,
        total: row.total,
        annulled: row.isAnnulled,
        notes: notes.map(this.readNote),
      };
    }
    if (note !== undefined) {
      const row = this.noteColumns.read(note);
      return {
        documentType: row.documentType,
        issuer: { name: row.issuerName, rtn: row.issuerRtn },
        fiscalNumber: row.fiscalNumber,
        cai: row.cai,
        issuedAt: row.noteDate,
        total: row.total,
        annulled: row.isAnnulled,
        notes: null,
      };
    }
    return null;
  }
}
