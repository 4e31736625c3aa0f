import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../config/config';
import { IdempotencyRecord, type IdempotencyScope } from '../../entities';
import { leanSelect, tableOf, utcDatetime, type LeanSelect } from '../../db/lean-select';
import type { SqlClient, SqlTransaction } from '../../db/sql-client';
import { violatesUniqueIndex } from '../../db/unique-violation';
import type { DocumentType } from '../../domain/document-type';
import { TOKENS } from '../../tokens';
import { DOCUMENT_KINDS } from './document-kinds';

/** A key as a caller presents it: its scope, the key, and the fingerprint of what it asks for. */
export interface IdempotencyClaim {
  scope: IdempotencyScope;
  key: string;
  fingerprint: string;
  /** The IDEMPOTENCY_KEY_REQUEST_MISMATCH message when the key was used for another request, in its adapter's words. */
  mismatch: string;
}

/** A caller's key for a document of a type, in its kind's scope (DocumentKind.idempotencyScope). */
export function claimFor(documentType: DocumentType, key: string, fingerprint: string, mismatch: string): IdempotencyClaim {
  return { scope: DOCUMENT_KINDS[documentType].idempotencyScope, key, fingerprint, mismatch };
}

/** What a replay needs of a key's live record. */
export interface LiveKey {
  fingerprint: string;
  documentId: number;
}

/** Rows deleted per purge statement: short statements, no long lock on the table. */
const PURGE_BATCH = 500;

const KEY_INDEX = 'uq_idempotency_records_company_scope_key';

/**
 * Idempotency records (decision 14). A record exists only for a committed document: it is
 * inserted in the document's own transaction, after the document, and the unique index on
 * (company, scope, key) decides between concurrent requests with one key.
 */
@injectable()
export class IdempotencyStore {
  private readonly liveColumns: LeanSelect<IdempotencyRecord, keyof LiveKey>;
  private readonly findSql: string;
  private readonly insertSql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Config) private readonly config: AppConfig,
  ) {
    const table = tableOf(db, IdempotencyRecord);
    this.liveColumns = leanSelect(db, IdempotencyRecord, 'r', ['fingerprint', 'documentId']);
    this.findSql =
      `SELECT ${this.liveColumns.columns} FROM ${table} r` +
      ' WHERE r.company_id = ? AND r.scope = ? AND r.idempotency_key = ? AND r.created_at > ?';
    this.insertSql = `INSERT INTO ${table} (company_id, scope, idempotency_key, fingerprint, document_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`;
  }

  /** Records older than this are forgotten: the key is free again. */
  cutoff(now = new Date()): Date {
    return new Date(now.getTime() - this.config.idempotencyRetentionHours * 3_600_000);
  }

  /**
   * The live record of a key, or null. Every issue asks this first, so it is one plain SELECT on
   * the pool, outside any transaction: it reads committed data and changes nothing.
   */
  async find(companyId: number, scope: IdempotencyScope, key: string, now = new Date()): Promise<LiveKey | null> {
    const [row] = await this.db.select(this.findSql, [companyId, scope, key, utcDatetime(this.cutoff(now))]);
    return row === undefined ? null : this.liveColumns.read(row);
  }

  /**
   * Binds the key to the document just written, in its transaction, with a plain INSERT. A
   * concurrent holder of the key makes it wait, then fail with a unique violation once the holder
   * commits (isTaken); the caller answers that as a replay. (No DELETE first: a DELETE matching
   * nothing takes a gap lock, and two such transactions deadlock on their inserts.)
   */
  async bind(tx: SqlTransaction, companyId: number, claim: IdempotencyClaim, documentId: number, now = new Date()): Promise<void> {
    await tx.run(this.insertSql, [companyId, claim.scope, claim.key, claim.fingerprint, documentId, utcDatetime(now)]);
  }

  /** Whether a failed bind lost to another holder of the key. */
  isTaken(err: unknown): boolean {
    return violatesUniqueIndex(err, KEY_INDEX);
  }

  /** Frees a key whose record is past retention; true when one was deleted. */
  async dropExpired(companyId: number, scope: IdempotencyScope, key: string, now = new Date()): Promise<boolean> {
    const deleted = await this.em
      .fork()
      .nativeDelete(IdempotencyRecord, { company: companyId, scope, idempotencyKey: key, createdAt: { $lte: this.cutoff(now) } });
    return deleted > 0;
  }

  /** Deletes expired records in bounded batches; returns how many went. */
  async purgeExpired(now = new Date(), maxBatches = 20): Promise<number> {
    const em = this.em.fork();
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const ids = (await em.find(IdempotencyRecord, { createdAt: { $lte: this.cutoff(now) } }, { fields: ['id'], limit: PURGE_BATCH })).map(
        (r) => r.id,
      );
      if (ids.length === 0) break;
      total += await em.nativeDelete(IdempotencyRecord, { id: { $in: ids } });
      if (ids.length < PURGE_BATCH) break;
    }
    return total;
  }
}
