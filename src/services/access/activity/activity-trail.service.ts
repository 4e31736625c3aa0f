import { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/mysql';
import { injectable } from 'inversify';
import type { SqlTransaction } from '../../../db/sql-client';
import { insertActivity, type ActivityRecord } from './activity-insert';

/**
 * Writes the activity trail (Art. 53, controles de auditoría; decision 60). A service that changes
 * something calls `record` inside the transaction of the change, with the Actor its adapter
 * passed in: the row commits with the change or not at all, and no change commits without its row.
 *
 * - In `em.transactional(async (em) => { ...; await trail.record(em, {...}); })` pass the
 *   transaction's EntityManager (the one the callback receives): the unit of work is flushed
 *   first, so the row follows the change it records (a flush with nothing pending writes nothing).
 *   A record that names a new row's id flushes before building it.
 * - In the plain SQL client's transaction (a numbered write's `insert(tx, taken)`), pass `tx`.
 *
 * Never put a secret in `target` or `details`: an issued API key is named by its id and prefix,
 * a password not at all. A change about no company (a sign-in) has `companyId: null`; a failed
 * sign-in names the operator whose e-mail was tried, or the `unknown` actor when no operator has
 * it, never what was typed (decision 67).
 */
@injectable()
export class ActivityTrail {
  /**
   * Inserts one row on the transaction's connection, after flushing an EntityManager's unit of
   * work; returns its id. An EntityManager outside a transaction is refused (a programming
   * error): its row would commit on its own, whatever became of the change.
   */
  async record(on: SqlTransaction | EntityManager, record: ActivityRecord): Promise<number> {
    if (on instanceof EntityManager) {
      if (!on.isInTransaction()) throw new Error('the activity trail is written inside the transaction of the change it records');
      await on.flush();
      // The ORM's execute runs on the connection of the transaction this EntityManager is in.
      const em = on as SqlEntityManager;
      return insertActivity((sql, params) => em.execute(sql, [...params], 'run'), record);
    }
    return insertActivity((sql, params) => on.run(sql, params), record);
  }
}
