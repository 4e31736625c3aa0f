import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { classifyDatabaseError, needsFreshConnection } from '../../../db/database-failure';
import { leanSelect, tableOf, utcDatetime, type LeanSelect } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import { SIGN_IN_LOCK_MS, signInFailuresSince, signInRefusedUntil } from '../../../domain/console-session-rules';
import { ConsoleSignInFailure, ConsoleSignInThrottle } from '../../../entities';
import { TOKENS } from '../../../tokens';

/** A client address as kept: 64 characters at most (an IPv6 address with its zone fits; anything longer is cut). */
function kept(address: string): string {
  return address.slice(0, 64);
}

/**
 * Console sign-in throttling (decision 67): failures per (e-mail, client address), refusing that
 * address after five within 15 minutes, and per e-mail, refusing it everywhere after fifty. An
 * attempt is counted as a failure *before* its password is checked, under a lock on the e-mail's
 * row, so that however many arrive at once, on however many instances, no more passwords are
 * checked than the limit allows; the right password then takes its failures back (`forget`).
 */
@injectable()
export class SignInThrottle {
  private readonly lockEmail: string;
  private readonly readFailures: string;
  private readonly insertFailure: string;
  private readonly failure: LeanSelect<ConsoleSignInFailure, 'failedAt' | 'address'>;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    const throttles = tableOf(db, ConsoleSignInThrottle);
    const failures = tableOf(db, ConsoleSignInFailure);
    this.failure = leanSelect(db, ConsoleSignInFailure, 'f', ['failedAt', 'address']);
    this.lockEmail = `INSERT INTO ${throttles} (email, checked) VALUES (?, 1) ON DUPLICATE KEY UPDATE checked = checked + 1`;
    this.readFailures = `SELECT ${this.failure.columns} FROM ${failures} f WHERE f.email = ? AND f.failed_at >= ?`;
    this.insertFailure = `INSERT INTO ${failures} (email, address, failed_at) VALUES (?, ?, ?)`;
  }

  /**
   * Counts an attempt for `email` from `address` as a failure, or refuses it (SIGN_IN_LOCKED, the
   * same for an e-mail no operator has) and counts nothing. Commits before the caller checks the
   * password, which must not happen under the lock.
   */
  async take(email: string, address: string, now: Date): Promise<void> {
    await this.db.transaction(
      async (tx) => {
        // Sent together, run in this order: the first statement creates the e-mail's row or
        // changes it, and holds it locked until commit, so attempts for one e-mail count one at a
        // time (always a change, a counter, so that on a Galera cluster two attempts through two
        // nodes conflict at commit instead of both passing); the read is the transaction's first,
        // so its snapshot is taken under the lock and holds every attempt committed before; the
        // attempt is written as a failure, and rolled back if it is refused.
        const [, counted] = await Promise.all([
          tx.run(this.lockEmail, [email]),
          tx.select(this.readFailures, [email, utcDatetime(signInFailuresSince(now))]),
          tx.run(this.insertFailure, [email, kept(address), utcDatetime(now)]),
        ]);
        const failures = counted.map((row) => {
          const { failedAt, address: from } = this.failure.read(row);
          return { at: failedAt, address: from };
        });
        if (signInRefusedUntil(failures, kept(address), now)) throw refused();
      },
      (err) => needsFreshConnection(classifyDatabaseError(err)),
    );
  }

  /**
   * Forgets the e-mail's failures, inside the caller's transaction: from `address` only (a right
   * password clears its own address, never an attacker's elsewhere), or from every address (an
   * administrator's unlock, a new password). Returns how many were forgotten.
   */
  async forget(tx: EntityManager, email: string, address?: string): Promise<number> {
    return tx.nativeDelete(ConsoleSignInFailure, address === undefined ? { email } : { email, address: kept(address) });
  }
}

function refused(): AppError {
  return new AppError('SIGN_IN_LOCKED', `too many failed sign-ins for this e-mail: try again in ${SIGN_IN_LOCK_MS / 60_000} minutes`, {
    retryAfterSeconds: SIGN_IN_LOCK_MS / 1000,
  });
}
