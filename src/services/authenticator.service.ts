import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../domain/app-error';
import { hashApiKey } from '../domain/api-key-format';
import { leanSelect, selectRows, tableOf } from '../db/lean-select';
import { ApiKey, Company, IntegrationSettings } from '../entities';
import { TOKENS } from '../tokens';

/** Who is calling: the company the key belongs to. Never taken from the request body. */
export interface Principal {
  companyId: number;
  companyCode: string;
  apiKeyId: number;
}

/**
 * Turns a bearer key into a Principal (decision 22): 401 for an unknown, revoked or expired
 * key, then 403 when the company has not enabled the integration. Looked up by hash on every
 * request, so a revocation takes effect on the next call.
 */
@injectable()
export class Authenticator {
  private readonly keyColumns;
  private readonly sql: string;

  /**
   * Every request runs this, so it is one plain SELECT (key, its company's code, the integration
   * switch) below the unit of work: nothing here is changed, and hydrating three entities cost
   * more than the query.
   */
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {
    this.keyColumns = leanSelect(em, ApiKey, 'k', ['id', 'expiresAt', 'revokedAt'] as const);
    this.sql =
      `SELECT ${this.keyColumns.columns}, k.company_id AS companyId, c.code AS companyCode, s.enabled AS enabled` +
      ` FROM ${tableOf(em, ApiKey)} k JOIN ${tableOf(em, Company)} c ON c.id = k.company_id` +
      ` LEFT JOIN ${tableOf(em, IntegrationSettings)} s ON s.company_id = k.company_id WHERE k.key_hash = ?`;
  }

  async authenticate(key: string, now = new Date()): Promise<Principal> {
    const [row] = await selectRows(this.em, this.sql, [hashApiKey(key)]);
    const apiKey = row === undefined ? undefined : this.keyColumns.read(row);
    if (!row || !apiKey || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt <= now)) {
      throw new AppError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
    }
    if (!Number(row.enabled)) {
      throw new AppError('INTEGRATION_NOT_ENABLED', 'The integration is not enabled for this company; ask the operator to enable it.');
    }
    return { companyId: Number(row.companyId), companyCode: String(row.companyCode), apiKeyId: apiKey.id };
  }
}
