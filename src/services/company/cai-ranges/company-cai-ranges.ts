import type { EntityManager } from '@mikro-orm/mysql';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import { CaiRange } from '../../../entities';

/**
 * Every CAI range the company ever had, of every document type, soft-deleted ones and those of
 * closed points included (what the operator's fiscal reports look back on), with their emission
 * point and establishment, in printed order: establishment, point, document type, first number.
 */
export async function companyCaiRanges(em: EntityManager, companyId: number): Promise<CaiRange[]> {
  const ranges = await em.find(
    CaiRange,
    { emissionPoint: { establishment: { company: companyId } } },
    { populate: ['emissionPoint.establishment'] },
  );
  // EEE-PPP-TT-NNNNNNNN has fixed widths, so the printed first numbers sort in exactly that order.
  const keyed = ranges.map((range) => ({
    range,
    first: formatFiscalNumber(range.emissionPoint.establishment.code, range.emissionPoint.code, range.documentType, range.rangeStart),
  }));
  keyed.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : a.range.id - b.range.id));
  return keyed.map((k) => k.range);
}
