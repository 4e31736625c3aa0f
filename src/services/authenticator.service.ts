import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../domain/app-error';
import { hashApiKey } from '../domain/api-key-format';
import { ApiKey, IntegrationSettings } from '../entities';
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
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async authenticate(key: string, now = new Date()): Promise<Principal> {
    const apiKey = await this.em.findOne(ApiKey, { keyHash: hashApiKey(key) }, { populate: ['company'] });
    if (!apiKey || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt <= now)) {
      throw new AppError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
    }
    const settings = await this.em.findOne(IntegrationSettings, { company: apiKey.company });
    if (!settings?.enabled) {
      throw new AppError('INTEGRATION_NOT_ENABLED', 'The integration is not enabled for this company; ask the operator to enable it.');
    }
    return { companyId: apiKey.company.id, companyCode: apiKey.company.code, apiKeyId: apiKey.id };
  }
}
