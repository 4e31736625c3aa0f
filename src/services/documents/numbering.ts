import { AppError } from '../../domain/app-error';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../domain/document-type';
import type { SqlRow, SqlTransaction } from '../../db/sql-client';

/** The CAI range a number was taken from, as the document copies it. */
export interface NumberedRange {
  id: number;
  cai: string;
  rangeStart: number;
  rangeEnd: number;
  /** Fecha límite de emisión, YYYY-MM-DD (Honduras). */
  deadline: string;
}

export interface TakenNumber {
  range: NumberedRange;
  number: number;
}

const RANGES_SQL =
  'SELECT `id`, `cai`, `range_start` AS rangeStart, `range_end` AS rangeEnd, `deadline`, `next_number` AS nextNumber FROM `cai_ranges`' +
  ' WHERE `emission_point_id` = ? AND `document_type` = ? AND `deleted_at` IS NULL AND `cancelled_at` IS NULL ORDER BY `range_start`, `id`';
const LOCK_RANGES_SQL = `${RANGES_SQL} FOR UPDATE`;
const ADVANCE_SQL = 'UPDATE `cai_ranges` SET `next_number` = ? WHERE `id` = ?';

/**
 * Takes the next number of the lowest usable CAI range of one document type at an emission point
 * (decision 12): each type is numbered on its own, from its own ranges. Must run inside the
 * document's transaction: the type's ranges of the emission point are locked (SELECT ... FOR
 * UPDATE, through ix_cai_ranges_point_type, so another type's issues are not held up) and
 * concurrent issues of the type, in this process or another, queue here and each sees the number
 * the previous one left. A rollback releases the number with the lock. A cancelled range (its CAI
 * cancelled by SAR, decision 71) is read as if it were not there; the cancellation locks the same
 * rows, so an issue that waited for it reads the range cancelled and takes the next one.
 */
export async function takeNextNumber(
  tx: SqlTransaction,
  emissionPointId: number,
  documentType: DocumentType,
  today: string,
  pointName?: string,
): Promise<TakenNumber> {
  const range = usableRange(await tx.select(LOCK_RANGES_SQL, [emissionPointId, documentType]), today, documentType, pointName);
  await tx.run(ADVANCE_SQL, [range.nextNumber + 1, range.id]);
  const { nextNumber: number, ...taken } = range;
  return { range: taken, number };
}

/**
 * Throws what takeNextNumber would throw now (CAI_EXPIRED, CAI_RANGE_EXHAUSTED) without locking
 * or taking anything: for a caller that must refuse before it stores anything outside the
 * document's transaction. The transaction decides again under its lock.
 */
export async function checkNumberAvailable(
  db: Pick<SqlTransaction, 'select'>,
  emissionPointId: number,
  documentType: DocumentType,
  today: string,
  pointName?: string,
): Promise<void> {
  usableRange(await db.select(RANGES_SQL, [emissionPointId, documentType]), today, documentType, pointName);
}

/**
 * The lowest range with numbers left and its deadline not past, or the refusal that says why none
 * is. With `pointName` (the emission point as printed, 000-001: an operator's note) the refusal
 * names the point and the type; without it, the words the API answers for an invoice.
 */
function usableRange(rows: SqlRow[], today: string, documentType: DocumentType, pointName?: string) {
  const ranges = rows.map((r) => ({
    id: Number(r.id),
    cai: String(r.cai),
    rangeStart: Number(r.rangeStart),
    rangeEnd: Number(r.rangeEnd),
    deadline: String(r.deadline),
    nextNumber: Number(r.nextNumber),
  }));
  const unexhausted = ranges.filter((r) => r.nextNumber <= r.rangeEnd);
  const range = unexhausted.find((r) => r.deadline >= today);
  if (range) return range;
  const expired = unexhausted.length > 0;
  const code = expired ? 'CAI_EXPIRED' : 'CAI_RANGE_EXHAUSTED';
  if (pointName !== undefined) {
    const state = expired ? 'every range with numbers left is past its deadline' : 'no range with numbers left';
    throw new AppError(
      code,
      `emission point ${pointName} has no usable CAI range for ${DOCUMENT_TYPE_INFO[documentType].noun}s (${state})`,
    );
  }
  throw new AppError(
    code,
    expired
      ? 'Every CAI range with numbers left is past its deadline (fecha límite de emisión); the operator must register a new CAI.'
      : 'The CAI ranges of the emission point have no numbers left; the operator must register a new CAI range.',
  );
}
