import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { AppError } from '../../domain/app-error';
import type { DocumentType } from '../../domain/document-type';
import { CaiRange } from '../../entities';

export interface TakenNumber {
  range: CaiRange;
  number: number;
}

/**
 * Takes the next number of the lowest usable CAI range of one document type at an emission point
 * (decision 12): each type is numbered on its own, from its own ranges. Must run inside the
 * issuing transaction: the type's ranges of the emission point are locked (SELECT ... FOR UPDATE,
 * through ix_cai_ranges_point_type, so another type's issues are not held up) and concurrent
 * issues of the type, in this process or another, queue here and each sees the number the
 * previous one left. A rollback releases the number with the lock.
 */
export async function takeNextNumber(em: EntityManager, emissionPointId: number, documentType: DocumentType, today: string): Promise<TakenNumber> {
  const ranges = await em.find(
    CaiRange,
    { emissionPoint: emissionPointId, documentType, deletedAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { rangeStart: 'asc', id: 'asc' }, refresh: true },
  );
  const unexhausted = ranges.filter((r) => r.nextNumber <= r.rangeEnd);
  const range = unexhausted.find((r) => r.deadline >= today);
  if (!range) {
    if (unexhausted.length > 0) {
      throw new AppError('CAI_EXPIRED', 'Every CAI range with numbers left is past its deadline (fecha límite de emisión); the operator must register a new CAI.');
    }
    throw new AppError('CAI_RANGE_EXHAUSTED', 'The CAI ranges of the emission point have no numbers left; the operator must register a new CAI range.');
  }
  const number = range.nextNumber;
  range.nextNumber = number + 1;
  return { range, number };
}
