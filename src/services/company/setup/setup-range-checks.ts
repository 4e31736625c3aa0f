import type { DocumentType } from '../../../domain/document-type';
import type { CaiRange } from '../../../entities';
import type { IssuedNumbers } from '../../documents';
import type { CaiRangeEntry, CaiRangeSpec, SetupDocument } from './setup-document';
import { codeKey, ExistingSetup, pointKey } from './setup-state';
import type { ProblemList } from './setup-validation-error';

/** Numbers a range blocks at its emission point: all of a live range, the issued part of a deleted one. */
interface Span {
  cai: string;
  documentType: DocumentType;
  start: number;
  end: number;
  /** The file entry it comes from, when it does. */
  path?: string;
}

/**
 * The document type a range entry gives its range. Like every optional field of the file, an
 * absent documentType leaves a stored range as it is; a new range without one is an invoice range.
 */
export function rangeDocumentType(entry: CaiRangeSpec, stored: CaiRange | undefined): DocumentType {
  return entry.documentType ?? stored?.documentType ?? 'invoice';
}

/**
 * CAI range edits may not strand issued numbers: an existing range must still contain every
 * number already issued from it (rangeStart <= first issued, rangeEnd >= last issued), and keep
 * the document type they were issued as. Ranges of one emission point and document type may not
 * overlap, since the printed number EEE-PPP-TT-NNNNNNNN would repeat; ranges of different types
 * may, their printed numbers differ in TT.
 */
export function checkCaiRanges(doc: SetupDocument, existing: ExistingSetup, problems: ProblemList): void {
  doc.establishments?.forEach((est, i) => {
    est.emissionPoints?.forEach((point, j) => {
      if (est.deleted || point.deleted) return;
      const key = pointKey(est.code, point.code);
      const rows = existing.caiRanges.get(key) ?? [];
      const spans: Span[] = [];
      (point.caiRanges ?? []).forEach((entry, k) => {
        const path = `establishments[${i}].emissionPoints[${j}].caiRanges[${k}]`;
        const row = rows.find((r) => codeKey(r.cai) === codeKey(entry.cai));
        if (!entry.deleted) {
          if (row) checkIssuedStayInside(entry, row, existing.issued.get(row.id), path, problems);
          if (row) checkNotCancelled(entry, row, path, problems);
          spans.push({ cai: entry.cai, documentType: rangeDocumentType(entry, row), start: entry.rangeStart, end: entry.rangeEnd, path });
        }
      });
      for (const row of rows) {
        const entry = point.caiRanges?.find((r) => codeKey(r.cai) === codeKey(row.cai));
        const span = blockedBy(row, entry, existing);
        if (span) spans.push(span);
      }
      reportOverlaps(spans, key, problems);
    });
  });
}

function checkIssuedStayInside(
  entry: CaiRangeSpec,
  row: CaiRange,
  issued: IssuedNumbers | undefined,
  path: string,
  problems: ProblemList,
): void {
  if (!issued) return;
  if (entry.rangeStart > issued.first) {
    problems.add(`${path}.rangeStart`, `number ${issued.first} was already issued from this range, so rangeStart cannot be above it`);
  }
  if (entry.rangeEnd < issued.last) {
    problems.add(`${path}.rangeEnd`, `numbers up to ${issued.last} were already issued from this range, so rangeEnd cannot be below it`);
  }
  // Those documents carry the type's code in their printed numbers; the range must go on saying what they are.
  if (rangeDocumentType(entry, row) !== row.documentType) {
    problems.add(
      `${path}.documentType`,
      `numbers ${issued.first} to ${issued.last} were already issued from this range as ${row.documentType}, so it cannot become ${entry.documentType}`,
    );
  }
}

/**
 * A range whose CAI SAR cancelled (decision 71) stays as it was: the file may go on naming it
 * unchanged (apply never touches the cancellation, so nothing in a file can resurrect it), or
 * delete it, but not move its numbers, deadline or type, which would hide what was cancelled.
 */
function checkNotCancelled(entry: CaiRangeSpec, row: CaiRange, path: string, problems: ProblemList): void {
  if (row.cancelledAt === null) return;
  const changed =
    entry.rangeStart !== row.rangeStart ||
    entry.rangeEnd !== row.rangeEnd ||
    entry.deadline !== row.deadline ||
    rangeDocumentType(entry, row) !== row.documentType;
  if (changed) problems.add(path, `CAI ${row.cai} was cancelled on ${row.cancelledAt.toISOString()}; its range cannot change`);
}

/** A stored range the file does not redefine still blocks numbers: all of them while live. */
function blockedBy(row: CaiRange, entry: CaiRangeEntry | undefined, existing: ExistingSetup): Span | null {
  if (entry && !entry.deleted) return null;
  const live = row.deletedAt === null && !entry;
  if (live) return { cai: row.cai, documentType: row.documentType, start: row.rangeStart, end: row.rangeEnd };
  const issued = existing.issued.get(row.id);
  return issued ? { cai: row.cai, documentType: row.documentType, start: issued.first, end: issued.last } : null;
}

function reportOverlaps(spans: Span[], point: string, problems: ProblemList): void {
  spans.forEach((a, x) => {
    if (!a.path) return;
    spans.forEach((b, y) => {
      // A pair of file entries is reported once, on the later one (usually the range just added).
      if ((b.path && y >= x) || a.documentType !== b.documentType || a.end < b.start || b.end < a.start) return;
      problems.add(a.path as string, `numbers ${a.start}-${a.end} overlap CAI ${b.cai} (${b.start}-${b.end}) of emission point ${point}`);
    });
  });
}

/** A CAI another company holds is refused at the range that names it, before anything is written. */
export function checkCaiOwnership(doc: SetupDocument, existing: ExistingSetup, problems: ProblemList): void {
  if (existing.caisOfOthers.size === 0) return;
  doc.establishments?.forEach((est, i) =>
    est.emissionPoints?.forEach((point, j) =>
      point.caiRanges?.forEach((range, k) => {
        if (range.deleted || !existing.caisOfOthers.has(codeKey(range.cai))) return;
        problems.add(`establishments[${i}].emissionPoints[${j}].caiRanges[${k}].cai`, `CAI ${range.cai} belongs to another company`);
      }),
    ),
  );
}
