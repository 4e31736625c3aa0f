import type { EntityManager } from '@mikro-orm/mysql';
import { CaiRange } from '../entities';

/**
 * Every CAI range the company ever had, soft-deleted ones and those of closed points included
 * (what the operator's fiscal reports look back on), with their emission point and
 * establishment, in printed order: establishment, point, first number.
 */
export function companyCaiRanges(em: EntityManager, companyId: number): Promise<CaiRange[]> {
  return em.find(
    CaiRange,
    { emissionPoint: { establishment: { company: companyId } } },
    { populate: ['emissionPoint.establishment'], orderBy: { emissionPoint: { establishment: { code: 'asc' }, code: 'asc' }, rangeStart: 'asc' } },
  );
}
