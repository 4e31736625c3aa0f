import { inject, injectable } from 'inversify';
import { storedInstant, tableOf, utcDatetime } from '../../../db/lean-select';
import type { SqlClient, SqlRow } from '../../../db/sql-client';
import type { ActivityAction } from '../../../domain/activity-action';
import { ActivityEntry, Company } from '../../../entities';
import { TOKENS } from '../../../tokens';

/** One row of the trail as operators read it. */
export interface ActivityView {
  id: number;
  at: Date;
  actor: string;
  /** The company's code, or null for a change about no company. */
  company: string | null;
  action: ActivityAction;
  target: string;
  details: Record<string, unknown>;
}

export interface ActivityQuery {
  /** Only the rows of these companies (an accountant's grants, one `--company`); null for every row, those of no company included. */
  companyIds: readonly number[] | null;
  /** Only rows at or after this instant; null for all. */
  since: Date | null;
  /** Only rows before this instant; absent or null for all. */
  until?: Date | null;
  /** Only rows of this action; absent or null for all. */
  action?: ActivityAction | null;
  /** Only rows by this actor (an operator's e-mail, `cli:<user>`); absent or null for all. */
  actor?: string | null;
  /** At most this many rows, newest first. */
  limit: number;
}

/** Where a page ends: the next page starts after this row. */
export interface ActivityCursor {
  at: Date;
  id: number;
}

/** The longest value of each text column among the rows a query reads, for aligned columns. */
export interface ActivityWidths {
  actor: number;
  company: number;
  target: number;
}

/** Rows fetched per round trip: a long trail is read a page at a time, never whole. */
export const ACTIVITY_PAGE_SIZE = 200;

/**
 * Reads the activity trail newest first (`at`, then `id`, both descending), a page at a time:
 * each page continues after the last row of the one before (keyset paging on the indexes that
 * end with (at, id)), so memory stays one page whatever the trail's length and rows recorded
 * meanwhile, all newer, neither shift nor repeat a page.
 */
@injectable()
export class ActivityReader {
  private readonly from: string;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.from = `${tableOf(db, ActivityEntry)} a LEFT JOIN ${tableOf(db, Company)} c ON c.id = a.company_id`;
  }

  /** The query's rows, newest first, fetched ACTIVITY_PAGE_SIZE at a time, at most `query.limit` in all. */
  async *read(query: ActivityQuery, pageSize = ACTIVITY_PAGE_SIZE): AsyncGenerator<ActivityView> {
    let left = query.limit;
    let after: ActivityCursor | null = null;
    while (left > 0) {
      const { rows, next } = await this.page(query, after, Math.min(pageSize, left));
      yield* rows;
      if (next === null) return;
      left -= rows.length;
      after = next;
    }
  }

  /**
   * One page of at most `size` rows, newest first, after the `after` cursor (null: from the
   * newest); `next` is the cursor of the page after it, null when this one is the last. For a
   * page that links to older rows (the console's), `query.limit` is not used.
   */
  async page(
    query: ActivityQuery,
    after: ActivityCursor | null,
    size: number,
  ): Promise<{ rows: ActivityView[]; next: ActivityCursor | null }> {
    const { where, params } = this.filter(query);
    if (after) {
      const at = utcDatetime(after.at);
      where.push('(a.at < ? OR (a.at = ? AND a.id < ?))');
      params.push(at, at, after.id);
    }
    const rows = (
      await this.db.select(
        'SELECT a.id AS id, a.at AS at, a.actor AS actor, c.code AS company, a.action AS action, a.target AS target, a.details AS details' +
          ` FROM ${this.from}${whereClause(where)} ORDER BY a.at DESC, a.id DESC LIMIT ?`,
        [...params, size],
      )
    ).map(view);
    const last = rows[rows.length - 1];
    return { rows, next: rows.length < size ? null : { at: last.at, id: last.id } };
  }

  /** The widths of the text columns over the rows `read` will give, in one aggregate query. */
  async widths(query: ActivityQuery): Promise<ActivityWidths> {
    const { where, params } = this.filter(query);
    const [row] = await this.db.select(
      'SELECT MAX(CHAR_LENGTH(t.actor)) AS actor, MAX(CHAR_LENGTH(t.company)) AS company, MAX(CHAR_LENGTH(t.target)) AS target FROM' +
        ` (SELECT a.actor AS actor, c.code AS company, a.target AS target FROM ${this.from}${whereClause(where)}` +
        ' ORDER BY a.at DESC, a.id DESC LIMIT ?) t',
      [...params, query.limit],
    );
    return { actor: Number(row.actor ?? 0), company: Number(row.company ?? 0), target: Number(row.target ?? 0) };
  }

  /** The newest row of `action` about `target` in a company (who annulled a document, and when); null when none. */
  async latest(companyId: number, action: ActivityAction, target: string): Promise<ActivityView | null> {
    const [row] = await this.db.select(
      'SELECT a.id AS id, a.at AS at, a.actor AS actor, c.code AS company, a.action AS action, a.target AS target, a.details AS details' +
        ` FROM ${this.from} WHERE a.company_id = ? AND a.action = ? AND a.target = ? ORDER BY a.at DESC, a.id DESC LIMIT 1`,
      [companyId, action, target],
    );
    return row === undefined ? null : view(row);
  }

  private filter(query: ActivityQuery): { where: string[]; params: unknown[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.companyIds !== null) {
      // No company at all matches no row (an accountant without grants), not every row.
      where.push(query.companyIds.length === 0 ? 'FALSE' : `a.company_id IN (${query.companyIds.map(() => '?').join(', ')})`);
      params.push(...query.companyIds);
    }
    if (query.since !== null) {
      where.push('a.at >= ?');
      params.push(utcDatetime(query.since));
    }
    if (query.until) {
      where.push('a.at < ?');
      params.push(utcDatetime(query.until));
    }
    if (query.action) {
      where.push('a.action = ?');
      params.push(query.action);
    }
    if (query.actor) {
      where.push('a.actor = ?');
      params.push(query.actor);
    }
    return { where, params };
  }
}

function whereClause(where: string[]): string {
  return where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
}

function view(row: SqlRow): ActivityView {
  return {
    id: Number(row.id),
    at: storedInstant(String(row.at)),
    actor: String(row.actor),
    company: (row.company as string | null) ?? null,
    action: row.action as ActivityAction,
    target: String(row.target),
    details: JSON.parse(String(row.details)) as Record<string, unknown>,
  };
}
