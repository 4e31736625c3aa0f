import { randomBytes } from 'node:crypto';
import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import { SESSION_TOUCH_MS } from '../../../domain/console-session-rules';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../../domain/password-hash';
import { ConsoleOperator, ConsoleSession } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../activity/activity-trail.service';
import { ConsoleSessionLookup, hashOf, view, type OpenSession } from './console-session-lookup';
import { normaliseEmail } from './operator-accounts.service';
import { SignInThrottle } from './sign-in-throttle.service';

/** What the cookie holds: 32 random bytes (256 bits). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
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
    @inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @inject(ConsoleSessionLookup) private readonly lookup: ConsoleSessionLookup,
  ) {}

  /**
   * Opens a session with a new id for the operator whose e-mail and password match, for a client
   * at `address` (the console's `ctx.ip`). The same refusal whether the e-mail exists or the
   * password is wrong (and the same time: an unknown e-mail is checked against a hash too). The
   * attempt is counted as a failure before the password is checked, and refused without a check
   * when its address, or the e-mail everywhere, has had too many (decision 67).
   */
  async signIn(email: string, password: string, address: string, now: Date): Promise<{ sessionId: string; session: OpenSession }> {
    const typed = normaliseEmail(email).slice(0, 255);
    await this.throttle.take(typed, address, now);
    const em = this.em.fork();
    const operator = await em.findOne(ConsoleOperator, { email: typed });
    const matches = await verifyPassword(password, operator?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (!operator || !matches || operator.disabledAt) {
      // Under the e-mail only when it is an operator's: otherwise what was typed may be a password.
      await em.transactional((tx) =>
        this.trail.record(tx, {
          actor: operator ? { kind: 'operator', email: operator.email } : { kind: 'unknown' },
          companyId: null,
          action: 'sign-in-failed',
          target: operator ? operator.email : 'unknown',
          details: { address },
          at: now,
        }),
      );
      throw new AppError('SIGN_IN_FAILED', 'the e-mail and password do not match an enabled console operator');
    }
    const sessionId = newSecret();
    const csrfToken = newSecret();
    await em.transactional(async (tx) => {
      await this.throttle.forget(tx, typed, address);
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
  find(sessionId: string, now: Date): Promise<(OpenSession & { lastSeenAt: Date }) | null> {
    return this.lookup.find(hashOf(sessionId), now);
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
