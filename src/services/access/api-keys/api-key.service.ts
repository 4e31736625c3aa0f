import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { displayPrefix, generateApiKey, hashApiKey } from '../../../domain/api-key-format';
import type { Actor } from '../../../domain/actor';
import { AppError } from '../../../domain/app-error';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { ApiKey, Company } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../activity/activity-trail.service';
import type { CompanyRef } from '../../../domain/company-ref';

/** At most two active keys, so a key can be rotated without downtime (decision 22). */
export const MAX_ACTIVE_KEYS = 2;

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export interface IssuedKey {
  id: number;
  /** The key itself: shown once, never stored. */
  key: string;
}

/**
 * Issues, revokes and lists API keys for operators. Each issue and revocation commits with its row
 * in the activity trail, which names the key by its id and prefix: never the key itself.
 */
const LISTED_FIELDS = ['id', 'prefix', 'createdAt', 'expiresAt', 'revokedAt'] as const;

/** A key as `apikey list` shows it: never the key, only its public prefix. */
export type ListedKey = Pick<ApiKey, (typeof LISTED_FIELDS)[number]>;

@injectable()
export class ApiKeyService {
  private readonly listed;
  private readonly listSql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.listed = leanSelect(db, ApiKey, 'k', LISTED_FIELDS);
    this.listSql = `SELECT ${this.listed.columns} FROM ${tableOf(db, ApiKey)} k WHERE k.\`company_id\` = ? ORDER BY k.\`id\` ASC`;
  }

  /** Returns the new key; it is shown once and only its hash is kept. Refused at the active-key limit. */
  async issue(actor: Actor, company: CompanyRef, expiresAt: Date | null = null, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(actor, company, expiresAt, now, () => {
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
  async rotate(actor: Actor, company: CompanyRef, now = new Date()): Promise<IssuedKey> {
    return this.issueUnderLock(actor, company, null, now, (active) => active.slice(0, active.length - MAX_ACTIVE_KEYS + 1));
  }

  /** `atLimit` receives the active keys, oldest first, and must throw or name the keys to revoke. */
  private async issueUnderLock(
    actor: Actor,
    ref: CompanyRef,
    expiresAt: Date | null,
    now: Date,
    atLimit: (active: ApiKey[]) => ApiKey[],
  ): Promise<IssuedKey> {
    return this.em.transactional(async (em) => {
      // The company row lock serialises concurrent issues, so the limit holds under races. By id:
      // the edge resolved the company, and companies are never deleted.
      const company = await em.findOneOrFail(Company, ref.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const keys = await em.find(ApiKey, { company }, { orderBy: { id: 'asc' } });
      const active = keys.filter((k) => statusOf(k, now) === 'active');
      const revoked = active.length >= MAX_ACTIVE_KEYS ? atLimit(active) : [];
      for (const old of revoked) old.revokedAt = now;
      const key = generateApiKey();
      const apiKey = em.create(ApiKey, { company, prefix: displayPrefix(key), keyHash: hashApiKey(key), expiresAt });
      await em.flush();
      for (const old of revoked) await this.recordKey(em, actor, 'key-revoked', old, now);
      await this.recordKey(em, actor, 'key-issued', apiKey, now);
      return { id: apiKey.id, key };
    });
  }

  /** Revoking a revoked key changes nothing and records nothing. */
  async revoke(actor: Actor, company: CompanyRef, id: number, now = new Date()): Promise<void> {
    await this.em.transactional(async (em) => {
      const apiKey = await em.findOne(ApiKey, { id, company: company.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!apiKey) throw new AppError('API_KEY_NOT_FOUND', `company ${company.code} has no API key with id ${id}`);
      if (apiKey.revokedAt) return;
      apiKey.revokedAt = now;
      // The trail's record flushes the revocation with it.
      await this.recordKey(em, actor, 'key-revoked', apiKey, now);
    });
  }

  async list(company: CompanyRef): Promise<ListedKey[]> {
    return (await this.db.select(this.listSql, [company.id])).map((row) => this.listed.read(row));
  }

  /** The trail names a key by its id and public prefix, the way `apikey list` shows it. */
  private recordKey(em: EntityManager, actor: Actor, action: 'key-issued' | 'key-revoked', key: ApiKey, now: Date) {
    return this.trail.record(em, {
      actor,
      companyId: key.company.id,
      action,
      target: `key ${key.id} (${key.prefix})`,
      details: action === 'key-issued' ? { prefix: key.prefix, expiresAt: key.expiresAt?.toISOString() ?? null } : { prefix: key.prefix },
      at: now,
    });
  }
}

export function statusOf(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}
