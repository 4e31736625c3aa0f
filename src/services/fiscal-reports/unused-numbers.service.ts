import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { hondurasDate } from '../../domain/calendar-date';
import { formatFiscalNumber } from '../../domain/fiscal-number';
import { TOKENS } from '../../tokens';
import type { CompanyRef } from '../../domain/company-ref';
import { companyCaiRanges } from '../company';
import type { ReportColumn, ReportTable } from './report-table';

export type UnusedReason = 'VENCIDO' | 'PUNTO CERRADO' | 'CANCELADO';

export interface UnusedNumbers {
  cai: string;
  establishment: string;
  emissionPoint: string;
  firstUnused: string;
  lastUnused: string;
  count: number;
  reason: UnusedReason;
}

const COLUMNS: ReportColumn[] = [
  { header: 'CAI', kind: 'text', width: 40 },
  { header: 'Establecimiento', kind: 'text' },
  { header: 'Punto Emision', kind: 'text' },
  { header: 'Primer Numero No Usado', kind: 'text', width: 24 },
  { header: 'Ultimo Numero No Usado', kind: 'text', width: 24 },
  { header: 'Cantidad', kind: 'count' },
  { header: 'Motivo', kind: 'text' },
];

/**
 * The numbers to declare to SAR for a month (Art. 42 of Acuerdo 481-2017), of every document type
 * (the printed numbers carry the type's code): the unused numbers of
 * every range whose deadline fell in the month (VENCIDO) and of every range of an emission point
 * closed, i.e. soft-deleted, in the month (PUNTO CERRADO), and of every range whose CAI SAR
 * cancelled in the month (CANCELADO, decision 71). Each range is declared once, in the month it
 * stopped issuing for the first of these reasons: a cancellation or a closing on or before its
 * deadline (the cancellation first on the same day), else its deadline.
 */
@injectable()
export class UnusedNumbersService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async list(company: CompanyRef, month: string): Promise<UnusedNumbers[]> {
    const inMonth = (date: string | null): boolean => date?.slice(0, 7) === month;
    // Closed points and their ranges are exactly what is looked for.
    const ranges = await companyCaiRanges(this.em, company.id);
    const found: UnusedNumbers[] = [];
    for (const range of ranges) {
      if (range.nextNumber > range.rangeEnd) continue;
      const point = range.emissionPoint;
      const closedAt = earliest(point.deletedAt, point.establishment.deletedAt);
      const stops: Array<[UnusedReason, string | null]> = [
        ['CANCELADO', range.cancelledAt === null ? null : hondurasDate(range.cancelledAt)],
        ['PUNTO CERRADO', closedAt === null ? null : hondurasDate(closedAt)],
      ];
      // The first stop on or before the deadline; sort is stable, so a cancellation wins a tie.
      const [reason, stoppedOn] = stops
        .filter((stop): stop is [UnusedReason, string] => stop[1] !== null && stop[1] <= range.deadline)
        .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))[0] ?? ['VENCIDO', range.deadline];
      if (!inMonth(stoppedOn)) continue;
      const est = point.establishment.code;
      found.push({
        cai: range.cai,
        establishment: est,
        emissionPoint: point.code,
        firstUnused: formatFiscalNumber(est, point.code, range.documentType, range.nextNumber),
        lastUnused: formatFiscalNumber(est, point.code, range.documentType, range.rangeEnd),
        count: range.rangeEnd - range.nextNumber + 1,
        reason,
      });
    }
    return found;
  }

  /** The list as a report table (CSV or XLSX). */
  async table(company: CompanyRef, month: string): Promise<ReportTable> {
    const found = await this.list(company, month);
    async function* rows(): AsyncGenerator<string[]> {
      for (const u of found) yield [u.cai, u.establishment, u.emissionPoint, u.firstUnused, u.lastUnused, String(u.count), u.reason];
    }
    return { title: `Numeros no usados ${month}`, columns: COLUMNS, rows: rows() };
  }
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
