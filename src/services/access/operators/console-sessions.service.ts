import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import {
  sessionIsLive,
  SESSION_TOUCH_MS,
  SIGN_IN_LOCK_MS,
  signInFailuresSince,
  signInLockedUntil,
} from '../../../domain/console-session-rules';
import type { OperatorRole } from '../../../domain/operator-role';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../../domain/password-hash';
import { ConsoleOperator, ConsoleSession, ConsoleSignInFailure } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../activity/activity-trail.service';
import { normaliseEmail } from './operator-accounts.service';

/** Who a console request comes from. */
export interface SessionOperator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
}

/** A live session: its operator and the token every form of it carries. */
export interface OpenSession {
  operator: SessionOperator;
  csrfToken: string;
}

/** What the cookie holds: 32 random bytes (256 bits). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/**
 * Console sign-in and server-side sessions (decision 59). Every answer comes from the database,
 * so a sign-out, a disabled account or a new password made by any process ends a session on
 * every instance at its next request.
 */
@injectable()
export class ConsoleSessions {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /**
   * Opens a session with a new id for the operator whose e-mail and password match. The same
   * refusal whether the e-mail exists or the password is wrong (and the same time: an unknown
   * e-mail is checked against a hash too); the failure is counted either way, and the fifth within
   * 15 minutes locks the e-mail for 15 minutes.
   */
  async signIn(email: string, password: string, now: Date): Promise<{ sessionId: string; session: OpenSession }> {
    const address = normaliseEmail(email).slice(0, 255);
    const em = this.em.fork();
    const failures = await em.find(ConsoleSignInFailure, { email: address, failedAt: { $gte: signInFailuresSince(now) } });
    if (
      signInLockedUntil(
        failures.map((f) => f.failedAt),
        now,
      )
    )
      throw locked();
    const operator = await em.findOne(ConsoleOperator, { email: address });
    const matches = await verifyPassword(password, operator?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (!operator || !matches || operator.disabledAt) {
      // The trail names whoever tried by the e-mail typed: an unknown one too (it is escaped where shown).
      await em.transactional(async (tx) => {
        await tx.insert(ConsoleSignInFailure, { email: address, failedAt: now });
        await this.trail.record(tx, {
          actor: { kind: 'operator', email: address },
          companyId: null,
          action: 'sign-in-failed',
          target: address,
          at: now,
        });
      });
      throw new AppError('SIGN_IN_FAILED', 'the e-mail and password do not match an enabled console operator');
    }
    const sessionId = newSecret();
    const csrfToken = newSecret();
    await em.transactional(async (tx) => {
      await tx.nativeDelete(ConsoleSignInFailure, { email: address });
      await tx.insert(ConsoleSession, { idHash: hashOf(sessionId), operator: operator.id, csrfToken, createdAt: now, lastSeenAt: now });
      await this.trail.record(tx, {
        actor: { kind: 'operator', email: operator.email },
        companyId: null,
        action: 'sign-in',
        target: operator.email,
        at: now,
      });
    });
    return { sessionId, session: { operator: view(operator), csrfToken } };
  }

  /**
   * The session this cookie value opens at `now`, or null: unknown (signed out, or ended when its
   * account was disabled or its password reset: both delete the account's sessions), idle or too
   * old, or its account disabled. Reads only; `touch` records the use.
   */
  async find(sessionId: string, now: Date): Promise<(OpenSession & { lastSeenAt: Date }) | null> {
    const row = await this.em.fork().findOne(ConsoleSession, { idHash: hashOf(sessionId) }, { populate: ['operator'] });
    if (!row) return null;
    const operator = row.operator;
    if (!sessionIsLive(row, now) || operator.disabledAt) return null;
    return { operator: view(operator), csrfToken: row.csrfToken, lastSeenAt: row.lastSeenAt };
  }

  /** Records a use of the session, at most once a minute (the idle limit needs no finer clock). */
  async touch(sessionId: string, lastSeenAt: Date, now: Date): Promise<void> {
    if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_MS) return;
    await this.em.fork().nativeUpdate(ConsoleSession, { idHash: hashOf(sessionId) }, { lastSeenAt: now });
  }

  /** Ends the session; the trail records it under its operator when it was still open. */
  async signOut(sessionId: string, now: Date): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(
        ConsoleSession,
        { idHash: hashOf(sessionId) },
        { populate: ['operator'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!row) return;
      const { email } = row.operator;
      await tx.nativeDelete(ConsoleSession, { idHash: row.idHash });
      await this.trail.record(tx, { actor: { kind: 'operator', email }, companyId: null, action: 'sign-out', target: email, at: now });
    });
  }
}

function locked(): AppError {
  return new AppError('SIGN_IN_LOCKED', `too many failed sign-ins for this e-mail: try again in ${SIGN_IN_LOCK_MS / 60_000} minutes`, {
    retryAfterSeconds: SIGN_IN_LOCK_MS / 1000,
  });
}

function view(operator: ConsoleOperator): SessionOperator {
  return { id: operator.id, email: operator.email, name: operator.name, role: operator.role };
}
