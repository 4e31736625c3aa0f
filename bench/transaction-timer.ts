import { performance } from 'node:perf_hooks';
import type { SqlClient, SqlTransaction } from '../src/db/sql-client';

export interface LockSample {
  /** The transaction's connection lent and BEGIN sent -> COMMIT done. */
  transactionMs: number;
  /** SELECT ... FOR UPDATE sent -> rows back: the wait for the range lock. */
  lockWaitMs: number;
  /** FOR UPDATE rows back (lock held) -> COMMIT done (lock released). */
  lockHoldMs: number;
}

const RANGE_LOCK = /from `cai_ranges`[\s\S]*for update/i;

/**
 * Times the issuing transaction from outside the service code: a wrapper around the plain SQL
 * client's transaction (the documents kernel's numbered write runs there) sees when it starts and
 * commits, and a wrapper around its statements sees when the CAI range SELECT ... FOR UPDATE is
 * sent and when it returns (the lock is then held until COMMIT). Bench-only; a transaction that
 * rolls back leaves no sample.
 */
export class TransactionTimer {
  readonly samples: LockSample[] = [];

  static attach(...clients: SqlClient[]): TransactionTimer {
    const timer = new TransactionTimer();
    for (const client of clients) {
      const transaction = client.transaction.bind(client);
      client.transaction = async <T>(body: (tx: SqlTransaction) => Promise<T>, discardOn: (err: unknown) => boolean): Promise<T> => {
        const startedAt = performance.now();
        let lockSentAt: number | undefined;
        let lockedAt: number | undefined;
        const result = await transaction(
          (tx) =>
            body({
              ...tx,
              select: async (sql, params) => {
                const isRangeLock = RANGE_LOCK.test(sql);
                if (isRangeLock) lockSentAt = performance.now();
                const rows = await tx.select(sql, params);
                if (isRangeLock) lockedAt = performance.now();
                return rows;
              },
            }),
          discardOn,
        );
        const now = performance.now();
        if (lockSentAt !== undefined && lockedAt !== undefined) {
          timer.samples.push({ transactionMs: now - startedAt, lockWaitMs: lockedAt - lockSentAt, lockHoldMs: now - lockedAt });
        }
        return result;
      };
    }
    return timer;
  }
}
