import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../config/config';
import { Company, IdempotencyRecord, Invoice } from '../../entities';
import { selectRows, tableOf, utcDatetime } from '../../db/lean-select';
import { TOKENS } from '../../tokens';

/** What a replay needs of a key's record. */
export interface LiveKey {
  fingerprint: string;
  /** Null only while the issuing transaction that claimed the key is still open. */
  invoiceId: number | null;
}

/** Rows deleted per purge statement: short statements, no long lock on the table. */
const PURGE_BATCH = 500;

/**
 * Idempotency records (decision 14). A record exists only for a committed invoice; the
 * unique index on (company, key) decides between concurrent requests with one key.
 */
@injectable()
export class IdempotencyStore {
  private readonly findSql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Config) private readonly config: AppConfig,
  ) {
    this.findSql =
      `SELECT r.fingerprint AS fingerprint, r.invoice_id AS invoiceId FROM ${tableOf(em, IdempotencyRecord)} r` +
      ' WHERE r.company_id = ? AND r.idempotency_key = ? AND r.created_at > ?';
  }

  /** Records older than this are forgotten: the key is free again. */
  cutoff(now = new Date()): Date {
    return new Date(now.getTime() - this.config.idempotencyRetentionHours * 3_600_000);
  }

  /**
   * The live record of a key (its fingerprint and invoice id), or null. Every POST asks this
   * first, so it is one plain SELECT on the pool, outside any unit of work: it reads committed
   * data and changes nothing.
   */
  async find(companyId: number, key: string, now = new Date()): Promise<LiveKey | null> {
    const [row] = await selectRows(this.em, this.findSql, [companyId, key, utcDatetime(this.cutoff(now))]);
    return row === undefined ? null : { fingerprint: String(row.fingerprint), invoiceId: row.invoiceId === null ? null : Number(row.invoiceId) };
  }

  /**
   * Claims the key inside the issuing transaction with a plain INSERT. A concurrent holder of the
   * key makes it wait, then fail with a unique violation once the holder commits; the caller
   * turns that into a replay. (No DELETE first: a DELETE matching nothing takes a gap lock, and
   * two such transactions deadlock on their inserts.)
   */
  async claim(em: EntityManager, companyId: number, key: string, fingerprint: string, now = new Date()): Promise<number> {
    return em.insert(IdempotencyRecord, { company: em.getReference(Company, companyId), idempotencyKey: key, fingerprint, createdAt: now });
  }

  /** Frees a key whose record is past retention; true when one was deleted. */
  async dropExpired(companyId: number, key: string, now = new Date()): Promise<boolean> {
    const deleted = await this.em.fork().nativeDelete(IdempotencyRecord, { company: companyId, idempotencyKey: key, createdAt: { $lte: this.cutoff(now) } });
    return deleted > 0;
  }

  async bind(em: EntityManager, recordId: number, invoice: Invoice): Promise<void> {
    await em.nativeUpdate(IdempotencyRecord, { id: recordId }, { invoice });
  }

  /** Deletes expired records in bounded batches; returns how many went. */
  async purgeExpired(now = new Date(), maxBatches = 20): Promise<number> {
    const em = this.em.fork();
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const ids = (await em.find(IdempotencyRecord, { createdAt: { $lte: this.cutoff(now) } }, { fields: ['id'], limit: PURGE_BATCH })).map((r) => r.id);
      if (ids.length === 0) break;
      total += await em.nativeDelete(IdempotencyRecord, { id: { $in: ids } });
      if (ids.length < PURGE_BATCH) break;
    }
    return total;
  }
}
