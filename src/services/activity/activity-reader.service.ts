import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { tableOf, utcDatetime } from '../../db/lean-select';
import type { SqlClient, SqlRow } from '../../db/sql-client';
import type { ActivityAction } from '../../domain/activity-action';
import { ActivityEntry, Company } from '../../entities';
import { TOKENS } from '../../tokens';

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
  /** Only this company's rows; null for every row. */
  companyId: number | null;
  /** Only rows of these companies (none: no row), as an accountant in the console sees the trail. */
  companyIds?: readonly number[];
  /** Only rows at or after this instant; null for all. */
  since: Date | null;
  /** At most this many rows, newest first. */
  limit: number;
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

  constructor(
    @inject(TOKENS.EntityManager) em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.from = `${tableOf(em, ActivityEntry)} a LEFT JOIN ${tableOf(em, Company)} c ON c.id = a.company_id`;
  }

  /** The query's rows, newest first, fetched ACTIVITY_PAGE_SIZE at a time. */
  async *read(query: ActivityQuery, pageSize = ACTIVITY_PAGE_SIZE): AsyncGenerator<ActivityView> {
    let left = query.limit;
    let after: { at: string; id: number } | null = null;
    while (left > 0) {
      const { where, params } = this.filter(query);
      if (after) {
        where.push('(a.at < ? OR (a.at = ? AND a.id < ?))');
        params.push(after.at, after.at, after.id);
      }
      const rows = await this.db.select(
        'SELECT a.id AS id, a.at AS at, a.actor AS actor, c.code AS company, a.action AS action, a.target AS target, a.details AS details' +
          ` FROM ${this.from}${whereClause(where)} ORDER BY a.at DESC, a.id DESC LIMIT ?`,
        [...params, Math.min(pageSize, left)],
      );
      for (const row of rows) yield view(row);
      if (rows.length < Math.min(pageSize, left)) return;
      left -= rows.length;
      const last = rows[rows.length - 1];
      after = { at: String(last.at), id: Number(last.id) };
    }
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

  private filter(query: ActivityQuery): { where: string[]; params: unknown[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.companyId !== null) {
      where.push('a.company_id = ?');
      params.push(query.companyId);
    }
    if (query.companyIds !== undefined) {
      if (query.companyIds.length === 0) where.push('1 = 0');
      else {
        where.push('a.company_id IN (?)');
        params.push([...query.companyIds]);
      }
    }
    if (query.since !== null) {
      where.push('a.at >= ?');
      params.push(utcDatetime(query.since));
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
    at: new Date(`${String(row.at).replace(' ', 'T')}Z`),
    actor: String(row.actor),
    company: (row.company as string | null) ?? null,
    action: row.action as ActivityAction,
    target: String(row.target),
    details: JSON.parse(String(row.details)) as Record<string, unknown>,
  };
}
