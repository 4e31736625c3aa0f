import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { displayPrefix, generateApiKey, hashApiKey } from '../domain/api-key-format';
import { ApiKey } from '../entities';
import { TOKENS } from '../tokens';
import { companyByCode } from './company-by-code';
import { AppError } from '../domain/app-error';

/** At most two active keys, so a key can be rotated without downtime (decision 22). */
export const MAX_ACTIVE_KEYS = 2;

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export interface IssuedKey {
  id: number;
  /** The key itself: shown once, never stored. */
  key: string;
}

/** Issues, revokes and lists API keys for the operator CLI. */
@injectable()
export class ApiKeyService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** Returns the new key; it is shown once and only its hash is kept. Refused at the active-key limit. */
  async issue(companyCode: string, expiresAt: Date | null = null, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(companyCode, expiresAt, now, () => {
      throw new AppError('API_KEY_LIMIT_REACHED', `company ${companyCode} already has ${MAX_ACTIVE_KEYS} active API keys; revoke one first`);
    });
  }

  /**
   * Issues a key without expiry, first revoking the oldest active key when the company is at the
   * limit, so a command that hands out a fresh key (demo) can run any number of times.
   */
  async rotate(companyCode: string, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(companyCode, null, now, (active) => {
      for (const oldest of active.slice(0, active.length - MAX_ACTIVE_KEYS + 1)) oldest.revokedAt = now;
    });
  }

  /** `atLimit` receives the active keys, oldest first, and must throw or free a slot. */
  private async issueUnderLock(companyCode: string, expiresAt: Date | null, now: Date, atLimit: (active: ApiKey[]) => void): Promise<IssuedKey> {
    return this.em.transactional(async (em) => {
      // The company row lock serialises concurrent issues, so the limit holds under races.
      const company = await companyByCode(em, companyCode, LockMode.PESSIMISTIC_WRITE);
      const keys = await em.find(ApiKey, { company }, { orderBy: { id: 'asc' } });
      const active = keys.filter((k) => statusOf(k, now) === 'active');
      if (active.length >= MAX_ACTIVE_KEYS) atLimit(active);
      const key = generateApiKey();
      const apiKey = em.create(ApiKey, { company, prefix: displayPrefix(key), keyHash: hashApiKey(key), expiresAt });
      await em.flush();
      return { id: apiKey.id, key };
    });
  }

  async revoke(companyCode: string, id: number, now = new Date()): Promise<void> {
    const company = await companyByCode(this.em, companyCode);
    const apiKey = await this.em.findOne(ApiKey, { id, company });
    if (!apiKey) throw new AppError('API_KEY_NOT_FOUND', `company ${companyCode} has no API key with id ${id}`);
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = now;
      await this.em.flush();
    }
  }

  async list(companyCode: string): Promise<ApiKey[]> {
    const company = await companyByCode(this.em, companyCode);
    return this.em.find(ApiKey, { company }, { orderBy: { id: 'asc' } });
  }
}

export function statusOf(key: ApiKey, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}
