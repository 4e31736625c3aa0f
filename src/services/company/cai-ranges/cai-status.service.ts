import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../../config/config';
import { hondurasDate } from '../../../domain/calendar-date';
import { CaiRangeState, isUsable, rangeStanding } from '../../../domain/cai-range-state';
import type { DocumentType } from '../../../domain/document-type';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import { CaiRange, Company, EmissionPoint, Establishment, IntegrationSettings } from '../../../entities';
import { tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { caiWarnThresholds } from './cai-warn-thresholds';

/** One live CAI range and where it stands today. */
export interface CaiRangeStatus {
  company: string;
  establishment: string;
  emissionPoint: string;
  documentType: DocumentType;
  cai: string;
  rangeStart: number;
  rangeEnd: number;
  nextNumber: number;
  /** Printed numbers, with the type's code: the first and last of the range, the next to be issued (null once exhausted or cancelled). */
  firstPrinted: string;
  lastPrinted: string;
  nextPrinted: string | null;
  used: number;
  left: number;
  percentLeft: string;
  deadline: string;
  daysLeft: number;
  state: CaiRangeState;
  /** The emission point an enabled integration issues from: its ranges, of every type, decide the exit code. */
  integration: boolean;
}

/** An emission point an enabled integration issues from, and whether it can still issue invoices. */
export interface WatchedPoint {
  company: string;
  establishment: string;
  emissionPoint: string;
  /** The point (or its establishment) was soft-deleted while the integration still names it. */
  closed: boolean;
  /** A live range of INTEGRATION_DOCUMENT_TYPE that can still issue. */
  hasUsableRange: boolean;
}

/**
 * What an integration issues through the API. Sales stop when a watched point has no usable
 * range of this type; a point without usable note ranges can still sell.
 */
const INTEGRATION_DOCUMENT_TYPE: DocumentType = 'invoice';

export interface CaiStatusReport {
  ranges: CaiRangeStatus[];
  watched: WatchedPoint[];
}

/** Points a live range is read with, and the columns of the points an integration names. */
const POINT_COLUMNS = 'c.code AS company, es.code AS establishment, ep.code AS emissionPoint, ep.id AS pointId';

/**
 * `admin cai status`: every live CAI range, of every document type, of every live emission point,
 * with its state, so the operator asks SAR for the next CAI before sales (or notes) stop. Two plain
 * SELECTs on one connection (the live ranges with their point's codes, the enabled integrations'
 * points): the console's overview reads this on every page view, where the ORM's populated finds
 * cost several times the database's work.
 */
@injectable()
export class CaiStatusService {
  private readonly sql: { ranges: string; integrations: string };

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Config) private readonly config: AppConfig,
  ) {
    const points =
      `${tableOf(db, EmissionPoint)} ep JOIN ${tableOf(db, Establishment)} es ON es.id = ep.establishment_id` +
      ` JOIN ${tableOf(db, Company)} c ON c.id = es.company_id`;
    this.sql = {
      ranges:
        `SELECT ${POINT_COLUMNS}, r.cai AS cai, r.document_type AS documentType, r.range_start AS rangeStart, r.range_end AS rangeEnd,` +
        ` r.next_number AS nextNumber, r.deadline AS deadline, r.cancelled_at IS NOT NULL AS cancelled FROM ${tableOf(db, CaiRange)} r JOIN ${points} ON ep.id = r.emission_point_id` +
        ' WHERE r.deleted_at IS NULL AND ep.deleted_at IS NULL AND es.deleted_at IS NULL AND (? IS NULL OR c.id = ?)',
      // Closed points too: an integration still naming one cannot issue at all.
      integrations:
        `SELECT ${POINT_COLUMNS}, (ep.deleted_at IS NOT NULL OR es.deleted_at IS NOT NULL) AS closed` +
        ` FROM ${tableOf(db, IntegrationSettings)} s JOIN ${points} ON ep.id = s.emission_point_id` +
        ' WHERE s.enabled = 1 AND (? IS NULL OR s.company_id = ?)',
    };
  }

  /** Every company's ranges, or only those of `company`. */
  async report(company?: CompanyRef, now = new Date()): Promise<CaiStatusReport> {
    const only = company?.id ?? null;
    const [ranges, integrations] = await this.db.selectBatch([
      [this.sql.ranges, [only, only]],
      [this.sql.integrations, [only, only]],
    ]);
    const watchedIds = new Set(integrations.map((i) => Number(i.pointId)));

    const today = hondurasDate(now);
    const thresholds = caiWarnThresholds(this.config);
    const statuses = ranges.map((row): CaiRangeStatus => {
      const range = {
        rangeStart: Number(row.rangeStart),
        rangeEnd: Number(row.rangeEnd),
        nextNumber: Number(row.nextNumber),
        deadline: String(row.deadline),
        cancelled: Boolean(Number(row.cancelled)),
      };
      const documentType = row.documentType as DocumentType;
      const [establishment, emissionPoint] = [String(row.establishment), String(row.emissionPoint)];
      const standing = rangeStanding(range, today, thresholds);
      return {
        company: String(row.company),
        establishment,
        emissionPoint,
        documentType,
        cai: String(row.cai),
        rangeStart: range.rangeStart,
        rangeEnd: range.rangeEnd,
        nextNumber: range.nextNumber,
        deadline: range.deadline,
        firstPrinted: formatFiscalNumber(establishment, emissionPoint, documentType, range.rangeStart),
        lastPrinted: formatFiscalNumber(establishment, emissionPoint, documentType, range.rangeEnd),
        nextPrinted:
          standing.left > 0 && !range.cancelled ? formatFiscalNumber(establishment, emissionPoint, documentType, range.nextNumber) : null,
        ...standing,
        integration: watchedIds.has(Number(row.pointId)),
      };
    });
    // EEE-PPP-TT-NNNNNNNN has fixed widths: by first printed number is by point, then type, then first number.
    statuses.sort(
      (a, b) => a.company.localeCompare(b.company) || (a.firstPrinted < b.firstPrinted ? -1 : a.firstPrinted > b.firstPrinted ? 1 : 0),
    );

    const watched = integrations.map((row): WatchedPoint => {
      const point = { company: String(row.company), establishment: String(row.establishment), emissionPoint: String(row.emissionPoint) };
      const closed = Boolean(Number(row.closed));
      const own = statuses.filter(
        (s) =>
          s.company === point.company &&
          s.establishment === point.establishment &&
          s.emissionPoint === point.emissionPoint &&
          s.documentType === INTEGRATION_DOCUMENT_TYPE,
      );
      return { ...point, closed, hasUsableRange: !closed && own.some((s) => isUsable(s.state)) };
    });
    return { ranges: statuses, watched };
  }
}
