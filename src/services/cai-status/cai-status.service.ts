import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../config/config';
import { hondurasDate } from '../../domain/calendar-date';
import { CaiRangeState, isUsable, rangeStanding } from '../../domain/cai-range-state';
import type { DocumentType } from '../../domain/document-type';
import { formatFiscalNumber } from '../../domain/fiscal-number';
import { CaiRange, EmissionPoint, IntegrationSettings } from '../../entities';
import { TOKENS } from '../../tokens';
import type { CompanyRef } from '../company-directory.service';
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
  /** Printed numbers, with the type's code: the first and last of the range, the next to be issued (null once exhausted). */
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

/**
 * `admin cai status`: every live CAI range, of every document type, of every live emission point,
 * with its state, so the operator asks SAR for the next CAI before sales (or notes) stop.
 */
@injectable()
export class CaiStatusService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Config) private readonly config: AppConfig,
  ) {}

  /** Every company's ranges, or only those of `company`. */
  async report(company?: CompanyRef, now = new Date()): Promise<CaiStatusReport> {
    const live = { deletedAt: null, establishment: { deletedAt: null, ...(company ? { company: company.id } : {}) } };
    const points = await this.em.find(EmissionPoint, live, { populate: ['establishment.company'] });
    const ranges = points.length === 0 ? [] : await this.em.find(CaiRange, { emissionPoint: { $in: points }, deletedAt: null });
    // Closed points too: an integration still naming one cannot issue at all.
    const integrations = await this.em.find(
      IntegrationSettings,
      { enabled: true, emissionPoint: { $ne: null }, ...(company ? { company: company.id } : {}) },
      { populate: ['emissionPoint.establishment.company'] },
    );
    const watchedIds = new Set(integrations.map((i) => i.emissionPoint!.id));

    const today = hondurasDate(now);
    const thresholds = caiWarnThresholds(this.config);
    const statuses = ranges.map((range): CaiRangeStatus => {
      const point = range.emissionPoint;
      const est = point.establishment;
      const standing = rangeStanding(range, today, thresholds);
      return {
        company: est.company.code,
        establishment: est.code,
        emissionPoint: point.code,
        documentType: range.documentType,
        cai: range.cai,
        rangeStart: range.rangeStart,
        rangeEnd: range.rangeEnd,
        nextNumber: range.nextNumber,
        firstPrinted: formatFiscalNumber(est.code, point.code, range.documentType, range.rangeStart),
        lastPrinted: formatFiscalNumber(est.code, point.code, range.documentType, range.rangeEnd),
        nextPrinted: standing.left > 0 ? formatFiscalNumber(est.code, point.code, range.documentType, range.nextNumber) : null,
        deadline: range.deadline,
        ...standing,
        integration: watchedIds.has(point.id),
      };
    });
    // EEE-PPP-TT-NNNNNNNN has fixed widths: by first printed number is by point, then type, then first number.
    statuses.sort(
      (a, b) => a.company.localeCompare(b.company) || (a.firstPrinted < b.firstPrinted ? -1 : a.firstPrinted > b.firstPrinted ? 1 : 0),
    );

    const watched = integrations.map((integration): WatchedPoint => {
      const p = integration.emissionPoint!;
      const est = p.establishment;
      const closed = p.deletedAt !== null || est.deletedAt !== null;
      const own = statuses.filter(
        (s) =>
          s.company === est.company.code &&
          s.establishment === est.code &&
          s.emissionPoint === p.code &&
          s.documentType === INTEGRATION_DOCUMENT_TYPE,
      );
      return {
        company: est.company.code,
        establishment: est.code,
        emissionPoint: p.code,
        closed,
        hasUsableRange: !closed && own.some((s) => isUsable(s.state)),
      };
    });
    return { ranges: statuses, watched };
  }
}
