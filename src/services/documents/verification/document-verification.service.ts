import type { EntityClass } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { leanSelect, storedInstant, tableOf } from '../../../db/lean-select';
import type { SqlClient, SqlRow } from '../../../db/sql-client';
import type { DocumentType } from '../../../domain/document-type';
import { isVerificationToken } from '../../../domain/verification-token';
import type { SaleDocumentRecord } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { columnOf, documentTables, documentTypeColumn, issuedAtColumn, type DocumentTable } from '../document-kinds';

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

/** What the verifier reads of one table of issued documents: its lookup by token, and its rows as published. */
interface TokenLookup {
  sql: string;
  read(row: SqlRow): Omit<VerifiedDocument, 'notes'>;
  /** The lookup of the live documents that modify one of this table's (its notes), or null when none can. */
  modifiedBy: { sql: string; read(row: SqlRow): VerifiedNote } | null;
}

/**
 * Finds the document a verification token belongs to, read from the database on every call: an
 * annulment or a note made by any process, on any instance, shows on the next request. No cache:
 * the page is public and rate-limited, each answer costs one indexed SELECT per table of issued
 * documents and one per table of documents that modify others (three today), in one round trip,
 * and keeping answers would need a change counter no public request can read cheaply. The tables
 * and what they hold are the document kinds' (DOCUMENT_KINDS).
 */
@injectable()
export class DocumentVerifier {
  private readonly lookups: TokenLookup[];

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    const tables = documentTables();
    this.lookups = tables.map((table) => {
      const { entity } = table;
      const head = leanSelect(db, entity, 'd', ['issuerName', 'issuerRtn', 'fiscalNumber', 'cai', 'isAnnulled']);
      const amounts = leanSelect(db, entity as EntityClass<SaleDocumentRecord>, 'd', ['total']);
      const columns = `${head.columns}, ${issuedAtColumn(db, table, 'd')}, ${amounts.columns}, ${documentTypeColumn(db, table, 'd')}`;
      const modifying = tables.find((t) => table.kinds.includes(t.kind.modifies?.kind as DocumentType));
      return {
        sql: `SELECT ${columns} FROM ${tableOf(db, entity)} d WHERE ${EXACT_TOKEN('d')}`,
        read: (row) => {
          const document = head.read(row);
          return {
            documentType: row.documentType as DocumentType,
            issuer: { name: document.issuerName, rtn: document.issuerRtn },
            fiscalNumber: document.fiscalNumber,
            cai: document.cai,
            issuedAt: storedInstant(String(row.issuedAt)),
            total: amounts.read(row).total,
            annulled: document.isAnnulled,
          };
        },
        modifiedBy: modifying ? this.modifyingLookup(modifying, table) : null,
      };
    });
  }

  /** The live documents of `modifying` that modify a document of `modified` with the token, by date then id. */
  private modifyingLookup(modifying: DocumentTable, modified: DocumentTable): TokenLookup['modifiedBy'] {
    const { entity, kind } = modifying;
    const listed = leanSelect(this.db, entity as EntityClass<SaleDocumentRecord>, 'n', ['fiscalNumber', 'total']);
    const pointer = columnOf(this.db, entity, kind.modifies!.property);
    return {
      // An annulled note no longer modifies its invoice: it is not listed.
      sql:
        `SELECT ${listed.columns}, ${issuedAtColumn(this.db, modifying, 'n')}, ${documentTypeColumn(this.db, modifying, 'n')} FROM ${tableOf(this.db, entity)} n` +
        ` JOIN ${tableOf(this.db, modified.entity)} i ON i.id = n.${pointer}` +
        ` WHERE ${EXACT_TOKEN('i')} AND n.${columnOf(this.db, entity, 'isAnnulled')} = 0 ORDER BY n.${columnOf(this.db, entity, kind.issuedAtProperty)}, n.id`,
      read: (row) => {
        const note = listed.read(row);
        return {
          documentType: row.documentType as DocumentType,
          fiscalNumber: note.fiscalNumber,
          issuedAt: storedInstant(String(row.issuedAt)),
          total: note.total,
        };
      },
    };
  }

  /** The document whose token this is, or null for any other string (malformed ones never reach the database). */
  async find(token: string): Promise<VerifiedDocument | null> {
    if (!isVerificationToken(token)) return null;
    const exact = [token, token];
    const queries = this.lookups.flatMap((l) => [l.sql, ...(l.modifiedBy ? [l.modifiedBy.sql] : [])]);
    const results = await this.db.selectConsistent(queries.map((sql) => [sql, exact] as const));
    for (const lookup of this.lookups) {
      const [row] = results.shift()!;
      const modifying = lookup.modifiedBy ? results.shift()! : null;
      if (row === undefined) continue;
      return { ...lookup.read(row), notes: modifying === null ? null : modifying.map((r) => lookup.modifiedBy!.read(r)) };
    }
    return null;
  }
}
