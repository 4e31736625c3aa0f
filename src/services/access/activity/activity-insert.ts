import type { ResultSetHeader } from 'mysql2';
import type { ActivityAction } from '../../../domain/activity-action';
import { actorName, type Actor } from '../../../domain/actor';
import { utcDatetime } from '../../../db/lean-select';
import type { SqlParams } from '../../../db/sql-client';

/** One change for the trail, as a service describes it. */
export interface ActivityRecord {
  actor: Actor;
  /** The company the change is about; null for one about no company (a sign-in). */
  companyId: number | null;
  action: ActivityAction;
  /** What was changed, as an operator names it: `invoice 000-001-01-00000042 (id 42)`. At most 255 characters are kept. */
  target: string;
  /** The change's particulars, stored as a JSON object. Never a secret: no API key, no password. */
  details?: Record<string, unknown>;
  /** When the change was made; the service's own `now`, so the row and the change agree. */
  at?: Date;
}

/** What the insert needs of a connection: the plain SQL client's transaction has it, and the ORM's is adapted to it. */
export type SqlRun = (sql: string, params: SqlParams) => Promise<unknown>;

const TARGET_LENGTH = 255;

/** The only statement that writes the activity table: the trail is append-only (decision 60). */
const INSERT = 'INSERT INTO `activity` (`at`, `actor`, `company_id`, `action`, `target`, `details`) VALUES (?, ?, ?, ?, ?, ?)';

/** Inserts one row of the trail on the connection (and so in the transaction) `run` uses. */
export async function insertActivity(run: SqlRun, record: ActivityRecord): Promise<number> {
  const result = (await run(INSERT, [
    utcDatetime(record.at ?? new Date()),
    actorName(record.actor),
    record.companyId,
    record.action,
    record.target.slice(0, TARGET_LENGTH),
    JSON.stringify(record.details ?? {}),
  ])) as ResultSetHeader | { insertId: number };
  return Number(result.insertId);
}
