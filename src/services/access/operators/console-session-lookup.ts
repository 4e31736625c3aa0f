import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { sessionIsLive } from '../../../domain/console-session-rules';
import type { OperatorRole } from '../../../domain/operator-role';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { ConsoleOperator, ConsoleSession } from '../../../entities';
import { TOKENS } from '../../../tokens';

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

/** The session's key in the database: the cookie's value is never stored, only its SHA-256. */
export function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export function view(operator: Pick<ConsoleOperator, 'id' | 'email' | 'name' | 'role'>): SessionOperator {
  return { id: operator.id, email: operator.email, name: operator.name, role: operator.role };
}

/**
 * The one read every console request makes (decision 59: every answer from the database): the
 * session by its hashed id joined to its operator, as one plain SELECT, live or not at `now`.
 */
@injectable()
export class ConsoleSessionLookup {
  private readonly sessionColumns;
  private readonly operatorColumns;
  private readonly sql: string;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.sessionColumns = leanSelect(db, ConsoleSession, 's', ['csrfToken', 'createdAt', 'lastSeenAt']);
    this.operatorColumns = leanSelect(db, ConsoleOperator, 'o', ['id', 'email', 'name', 'role', 'disabledAt'], 'operator_');
    this.sql =
      `SELECT ${this.sessionColumns.columns}, ${this.operatorColumns.columns} FROM ${tableOf(db, ConsoleSession)} s` +
      ` JOIN ${tableOf(db, ConsoleOperator)} o ON o.\`id\` = s.\`operator_id\` WHERE s.\`id_hash\` = ?`;
  }

  /** The session whose id hashes to `idHash`, or null when there is none, it is idle or too old, or its account is disabled. */
  async find(idHash: string, now: Date): Promise<(OpenSession & { lastSeenAt: Date }) | null> {
    const [found] = await this.db.select(this.sql, [idHash]);
    if (found === undefined) return null;
    const row = this.sessionColumns.read(found);
    const operator = this.operatorColumns.read(found);
    if (!sessionIsLive(row, now) || operator.disabledAt) return null;
    return { operator: view(operator), csrfToken: row.csrfToken, lastSeenAt: row.lastSeenAt };
  }
}
