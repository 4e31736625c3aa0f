import { inject, injectable } from 'inversify';
import { tableOf, utcDatetime } from '../../db/lean-select';
import type { SqlClient } from '../../db/sql-client';
import { hondurasDate, monthOf, startOfHondurasDay } from '../../domain/calendar-date';
import { CaiRangeState, leastUrgent, mostUrgent } from '../../domain/cai-range-state';
import { PACE_DAYS, pacePerDay, runOutDays } from '../../domain/cai-run-out';
import type { DocumentType } from '../../domain/document-type';
import { Company, EmissionPoint, Establishment, IntegrationSettings, Invoice } from '../../entities';
import { TOKENS } from '../../tokens';
import { CaiStatusService, type CaiRangeStatus } from './cai-ranges/cai-status.service';
import type { CompanyRef } from '../../domain/company-ref';
import { takenPerPointSql } from '../documents';

/** A company as the console's first page lists it. */
export interface CompanySummary {
  id: number;
  code: string;
  name: string;
  /** Its API integration is enabled. */
  integrationEnabled: boolean;
  /**
   * The most urgent state among its emission points' document types, each counted at its best
   * range (a LOW range with a fresh one queued behind it is no cause for alarm); null without
   * ranges.
   */
  caiState: CaiRangeState | null;
  /** Invoices dated in the current Honduras month, annulled ones included (each took a number). */
  invoicesThisMonth: number;
}

/** A CAI range as the company's page shows it. */
export interface CaiRangeOutlook {
  establishment: string;
  emissionPoint: string;
  documentType: DocumentType;
  cai: string;
  firstPrinted: string;
  lastPrinted: string;
  state: CaiRangeState;
  left: number;
  deadline: string;
  daysLeft: number;
  /**
   * The Honduras day the range takes its last number at the pace of its emission point and type
   * over the last 30 days; null without a pace, for a range that cannot issue, or when its
   * deadline comes first.
   */
  runsOutOn: string | null;
}

const DAY_MS = 86_400_000;

/** Where a range's numbers go: its emission point and document type. */
function groupKey(r: { establishment?: unknown; emissionPoint?: unknown; documentType?: unknown }): string {
  return `${String(r.establishment)}-${String(r.emissionPoint)}/${String(r.documentType)}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The console's overview of companies and their CAI ranges. The ranges and their states are
 * `admin cai status`'s (CaiStatusService); this adds what a page needs on top: per company its
 * integration, worst state and invoices this month, and per range the day it runs out.
 */
@injectable()
export class CompanyOverview {
  private readonly sql: {
    companies: string;
    integrations: string;
    invoicesInPeriod: string;
    points: string;
    takenPerPoint: string[];
  };

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(CaiStatusService) private readonly caiStatus: CaiStatusService,
  ) {
    const points = `${tableOf(db, Establishment)} es JOIN ${tableOf(db, EmissionPoint)} ep ON ep.establishment_id = es.id`;
    this.sql = {
      companies: `SELECT c.id AS id, c.code AS code, c.name AS name FROM ${tableOf(db, Company)} c ORDER BY c.code`,
      integrations: `SELECT s.company_id AS companyId FROM ${tableOf(db, IntegrationSettings)} s WHERE s.enabled = 1`,
      // Counted on (company, date): an index range, no row read.
      invoicesInPeriod:
        `SELECT i.company_id AS companyId, COUNT(*) AS invoices FROM ${tableOf(db, Invoice)} i` +
        ' WHERE i.company_id IN (?) AND i.invoice_date >= ? AND i.invoice_date < ? GROUP BY i.company_id',
      points: `SELECT ep.id AS pointId, es.code AS establishment, ep.code AS emissionPoint FROM ${points} WHERE es.company_id = ?`,
      takenPerPoint: takenPerPointSql(db),
    };
  }

  /** The companies whose ids are given (every company when null), by code. */
  async companies(visible: readonly number[] | null, now = new Date()): Promise<CompanySummary[]> {
    const [companies, integrations] = await this.db.selectBatch([
      [this.sql.companies, []],
      [this.sql.integrations, []],
    ]);
    const shown = companies.filter((c) => visible === null || visible.includes(Number(c.id)));
    if (shown.length === 0) return [];
    const month = monthOf(hondurasDate(now));
    const counts = await this.db.select(this.sql.invoicesInPeriod, [
      shown.map((c) => Number(c.id)),
      utcDatetime(startOfHondurasDay(month.first)),
      utcDatetime(startOfHondurasDay(month.next)),
    ]);
    const invoices = new Map(counts.map((r) => [Number(r.companyId), Number(r.invoices)]));
    const enabled = new Set(integrations.map((r) => Number(r.companyId)));
    const { ranges } = await this.caiStatus.report(undefined, now);
    const rangesOf = groupBy(ranges, (r) => r.company);
    return shown.map((c) => ({
      id: Number(c.id),
      code: String(c.code),
      name: String(c.name),
      integrationEnabled: enabled.has(Number(c.id)),
      caiState: worstState(rangesOf.get(String(c.code)) ?? []),
      invoicesThisMonth: invoices.get(Number(c.id)) ?? 0,
    }));
  }

  /** Every live CAI range of the company, of every document type, with the day it runs out. */
  async ranges(company: CompanyRef, now = new Date()): Promise<CaiRangeOutlook[]> {
    const since = utcDatetime(new Date(now.getTime() - PACE_DAYS * DAY_MS));
    const until = utcDatetime(now);
    const [{ ranges }, taken] = await Promise.all([this.caiStatus.report(company, now), this.numbersTaken(company, since, until)]);

    const today = hondurasDate(now);
    const runOut = new Map<CaiRangeStatus, string | null>();
    for (const [key, group] of groupBy(ranges, groupKey)) {
      // The numbering's order: lowest range first (the status report's order within a group).
      const days = runOutDays(group, today, pacePerDay(taken.get(key) ?? 0));
      group.forEach((range, i) => runOut.set(range, days[i]));
    }
    return ranges.map((r) => ({
      establishment: r.establishment,
      emissionPoint: r.emissionPoint,
      documentType: r.documentType,
      cai: r.cai,
      firstPrinted: r.firstPrinted,
      lastPrinted: r.lastPrinted,
      state: r.state,
      left: r.left,
      deadline: r.deadline,
      daysLeft: r.daysLeft,
      runsOutOn: runOut.get(r) ?? null,
    }));
  }

  /** Numbers taken per emission point and document type (groupKey) in [since, until), closed points included. */
  private async numbersTaken(company: CompanyRef, since: string, until: string): Promise<Map<string, number>> {
    const points = await this.db.select(this.sql.points, [company.id]);
    const taken = new Map<string, number>();
    if (points.length === 0) return taken;
    const pointIds = points.map((p) => Number(p.pointId));
    const counted = await this.db.selectBatch(this.sql.takenPerPoint.map((sql) => [sql, [pointIds, since, until]] as const));
    const pointOf = new Map(points.map((p) => [Number(p.pointId), p]));
    for (const row of counted.flat())
      taken.set(groupKey({ ...pointOf.get(Number(row.pointId)), documentType: row.documentType }), Number(row.taken));
    return taken;
  }
}

/** A company's most urgent state over its (emission point, type) groups, each at its best range. */
function worstState(ranges: readonly CaiRangeStatus[]): CaiRangeState | null {
  const groups = groupBy(ranges, groupKey);
  return mostUrgent([...groups.values()].map((group) => leastUrgent(group.map((r) => r.state))!));
}
