import type { EventSubscriber, MikroORM } from '@mikro-orm/mysql';
import { performance } from 'node:perf_hooks';

export interface LockSample {
  /** BEGIN done -> COMMIT done. */
  transactionMs: number;
  /** SELECT ... FOR UPDATE sent -> rows back: the wait for the range lock. */
  lockWaitMs: number;
  /** FOR UPDATE rows back (lock held) -> COMMIT done (lock released). */
  lockHoldMs: number;
}

type Execute = (sql: unknown, ...rest: unknown[]) => Promise<unknown>;

const RANGE_LOCK = /from `cai_ranges`[\s\S]*for update/i;

/**
 * Times the issuing transaction from outside the service code: MikroORM's transaction events
 * give BEGIN and COMMIT; a wrapper around the connection's execute() sees when the CAI range
 * SELECT ... FOR UPDATE is sent and when it returns (the lock is then held until COMMIT).
 * Bench-only, and valid for issues sent one after another: one timing state, not one per
 * transaction.
 */
export class TransactionTimer implements EventSubscriber {
  readonly samples: LockSample[] = [];
  private startedAt: number | undefined;
  private lockSentAt: number | undefined;
  private lockedAt: number | undefined;

  static attach(orm: MikroORM): TransactionTimer {
    const timer = new TransactionTimer();
    orm.em.getEventManager().registerSubscriber(timer);
    const connection = orm.em.getConnection() as unknown as { execute: Execute };
    const execute = connection.execute.bind(connection);
    connection.execute = async (sql, ...rest) => {
      const isRangeLock = typeof sql === 'string' && RANGE_LOCK.test(sql);
      if (isRangeLock) timer.lockSentAt = performance.now();
      const result = await execute(sql, ...rest);
      if (isRangeLock) timer.lockedAt = performance.now();
      return result;
    };
    return timer;
  }

  afterTransactionStart(): void {
    this.startedAt = performance.now();
    this.lockSentAt = this.lockedAt = undefined;
  }

  afterTransactionCommit(): void {
    const now = performance.now();
    if (this.startedAt !== undefined && this.lockSentAt !== undefined && this.lockedAt !== undefined) {
      this.samples.push({
        transactionMs: now - this.startedAt,
        lockWaitMs: this.lockedAt - this.lockSentAt,
        lockHoldMs: now - this.lockedAt,
      });
    }
    this.startedAt = this.lockSentAt = this.lockedAt = undefined;
  }

  afterTransactionRollback(): void {
    this.startedAt = this.lockSentAt = this.lockedAt = undefined;
  }
}
