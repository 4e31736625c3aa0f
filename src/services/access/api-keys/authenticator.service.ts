import DataLoader from 'dataloader';
import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import { hashApiKey } from '../../../domain/api-key-format';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { ReadRevisions, readRevisionsOf } from '../../../db/read-revisions';
import { ApiKey, Company, IntegrationSettings, ReadRevision } from '../../../entities';
import { TOKENS } from '../../../tokens';

/** Most keys one SELECT looks up; more waiting requests make another batch. */
const MAX_KEYS_PER_LOOKUP = 64;

/** Who is calling: the company the key belongs to. Never taken from the request body. */
export interface Principal {
  companyId: number;
  companyCode: string;
  apiKeyId: number;
  /** The company's change counters as of this request, for the read caches (src/db/read-revisions.ts). */
  revisions: ReadRevisions;
}

/**
 * Turns a bearer key into a Principal (decision 22): 401 for an unknown, revoked or expired
 * key, then 403 when the company has not enabled the integration. Looked up by hash on every
 * request, so a revocation takes effect on the next call.
 *
 * Lookups are batched: the keys of the requests that arrive within one turn of the event loop
 * are looked up together in one SELECT (dataloader, with its cache off), sent once they have all
 * arrived. Every request is still checked against the database after it arrived, so nothing is
 * answered from memory; under load, a round trip is shared by the requests that came together.
 */
@injectable()
export class Authenticator {
  private readonly keyColumns;
  private readonly sql: string;
  private readonly byHash: DataLoader<string, Record<string, unknown> | undefined>;

  /**
   * Every request runs this, so it is one plain SELECT (key, its company's code, the integration
   * switch, the change counters) below the unit of work: nothing here is changed, and hydrating
   * entities cost more than the query. The counters ride along so that a GET served from the
   * read cache costs this one round trip and no other.
   */
  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.keyColumns = leanSelect(db, ApiKey, 'k', ['id', 'expiresAt', 'revokedAt'] as const);
    this.sql =
      `SELECT ${this.keyColumns.columns}, k.key_hash AS keyHash, k.company_id AS companyId, c.code AS companyCode, s.enabled AS enabled, r.invoices AS invoicesRevision, r.clients AS clientsRevision, r.catalog AS catalogRevision, r.letterheads AS letterheadsRevision` +
      ` FROM ${tableOf(db, ApiKey)} k JOIN ${tableOf(db, Company)} c ON c.id = k.company_id` +
      ` LEFT JOIN ${tableOf(db, IntegrationSettings)} s ON s.company_id = k.company_id` +
      ` LEFT JOIN ${tableOf(db, ReadRevision)} r ON r.company_id = k.company_id WHERE k.key_hash IN `;
    this.byHash = new DataLoader((hashes) => this.lookUp(hashes), {
      cache: false,
      // After the I/O callbacks of this turn: the requests whose bytes arrived together.
      batchScheduleFn: (send) => setImmediate(send),
      maxBatchSize: MAX_KEYS_PER_LOOKUP,
    });
  }

  private async lookUp(hashes: readonly string[]): Promise<Array<Record<string, unknown> | undefined>> {
    const distinct = [...new Set(hashes)];
    const rows = await this.db.select(`${this.sql}(${distinct.map(() => '?').join(', ')})`, distinct);
    const byHash = new Map(rows.map((row) => [String(row.keyHash), row]));
    return hashes.map((hash) => byHash.get(hash));
  }

  async authenticate(key: string, now = new Date()): Promise<Principal> {
    const row = await this.byHash.load(hashApiKey(key));
    const apiKey = row === undefined ? undefined : this.keyColumns.read(row);
    if (!row || !apiKey || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt <= now)) {
      throw new AppError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
    }
    if (!Number(row.enabled)) {
      throw new AppError('INTEGRATION_NOT_ENABLED', 'The integration is not enabled for this company; ask the operator to enable it.');
    }
    return { companyId: Number(row.companyId), companyCode: String(row.companyCode), apiKeyId: apiKey.id, revisions: readRevisionsOf(row) };
  }
}
