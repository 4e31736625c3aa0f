import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { displayPrefix, generateApiKey, hashApiKey } from '../domain/api-key-format';
import { AppError } from '../domain/app-error';
import { ApiKey, Company } from '../entities';
import { TOKENS } from '../tokens';
import type { CompanyRef } from './company-directory.service';

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
  async issue(company: CompanyRef, expiresAt: Date | null = null, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(company, expiresAt, now, () => {
      throw new AppError(
        'API_KEY_LIMIT_REACHED',
        `company ${company.code} already has ${MAX_ACTIVE_KEYS} active API keys; revoke one first`,
      );
    });
  }

  /**
   * Issues a key without expiry, first revoking the oldest active key when the company is at the
   * limit, so a command that hands out a fresh key (demo) can run any number of times.
   */
  async rotate(company: CompanyRef, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(company, null, now, (active) => {
      for (const oldest of active.slice(0, active.length - MAX_ACTIVE_KEYS + 1)) oldest.revokedAt = now;
    });
  }

  /** `atLimit` receives the active keys, oldest first, and must throw or free a slot. */
  private async issueUnderLock(
    ref: CompanyRef,
    expiresAt: Date | null,
    now: Date,
    atLimit: (active: ApiKey[]) => void,
  ): Promise<IssuedKey> {
    return this.em.transactional(async (em) => {
      // The company row lock serialises concurrent issues, so the limit holds under races. By id:
      // the edge resolved the company, and companies are never deleted.
      const company = await em.findOneOrFail(Company, ref.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const keys = await em.find(ApiKey, { company }, { orderBy: { id: 'asc' } });
      const active = keys.filter((k) => statusOf(k, now) === 'active');
      if (active.length >= MAX_ACTIVE_KEYS) atLimit(active);
      const key = generateApiKey();
      const apiKey = em.create(ApiKey, { company, prefix: displayPrefix(key), keyHash: hashApiKey(key), expiresAt });
      await em.flush();
      return { id: apiKey.id, key };
    });
  }

  async revoke(company: CompanyRef, id: number, now = new Date()): Promise<void> {
    const apiKey = await this.em.findOne(ApiKey, { id, company: company.id });
    if (!apiKey) throw new AppError('API_KEY_NOT_FOUND', `company ${company.code} has no API key with id ${id}`);
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = now;
      await this.em.flush();
    }
  }

  async list(company: CompanyRef): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { company: company.id }, { orderBy: { id: 'asc' } });
  }
}

export function statusOf(key: ApiKey, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}
