import { CaiRange, EmissionPoint, Establishment } from '../../../entities';
import type { EmissionPointEntry, EstablishmentEntry } from './setup-document';
import { rangeDocumentType } from './setup-range-checks';
import { codeKey, pointKey } from './setup-state';
import { assignChanged, defined, upsertEntry, WriteContext } from './setup-write-helpers';

/**
 * Establishments, their emission points and the points' CAI ranges. `deleted: true` on an entry
 * closes everything under it (stored or listed), so the operator marks only the entry that closed.
 */
export function writeNumbering(ctx: WriteContext, establishments: EstablishmentEntry[]): void {
  establishments.forEach((entry, i) => {
    const path = `establishments[${i}]`;
    const row = upsertEntry(
      ctx,
      { path, entry: `establishment ${entry.code}` },
      ctx.existing.establishments.get(codeKey(entry.code)),
      entry,
      (e) => ctx.em.create(Establishment, { ...defined({ name: e.name, address: e.address }), company: ctx.company, code: e.code }),
      (r, e) => assignChanged(r, { name: e.name, address: e.address }),
    );
    if (!row) return;
    ctx.existing.establishments.set(codeKey(entry.code), row);
    if (entry.deleted) {
      closePointsOf(ctx, entry.code);
      return;
    }
    (entry.emissionPoints ?? []).forEach((point, j) => writeEmissionPoint(ctx, `${path}.emissionPoints[${j}]`, row, point));
  });
}

/** Soft-deletes the live emission points of an establishment and their ranges, with the same date. */
function closePointsOf(ctx: WriteContext, establishmentCode: string): void {
  for (const [key, point] of ctx.existing.emissionPoints) {
    if (!key.startsWith(`${establishmentCode}-`)) continue;
    if (point.deletedAt === null) point.deletedAt = ctx.now;
    closeRangesOf(ctx, key);
  }
}

/**
 * A closed emission point's ranges can no longer issue; soft-deleting them too keeps every reader
 * (issuing, CAI status) from having to look at the parents.
 */
function closeRangesOf(ctx: WriteContext, pointKeyValue: string): void {
  for (const range of ctx.existing.caiRanges.get(pointKeyValue) ?? []) {
    if (range.deletedAt === null) range.deletedAt = ctx.now;
  }
}

function writeEmissionPoint(ctx: WriteContext, path: string, establishment: Establishment, entry: EmissionPointEntry): void {
  const key = pointKey(establishment.code, entry.code);
  const row = upsertEntry(
    ctx,
    { path, entry: `emission point ${key}` },
    ctx.existing.emissionPoints.get(key),
    entry,
    (e) => ctx.em.create(EmissionPoint, { ...defined({ name: e.name }), establishment, code: e.code }),
    (r, e) => assignChanged(r, { name: e.name }),
  );
  if (!row) return;
  ctx.existing.emissionPoints.set(key, row);
  if (entry.deleted) {
    closeRangesOf(ctx, key);
    return;
  }
  const stored = ctx.existing.caiRanges.get(key) ?? [];
  (entry.caiRanges ?? []).forEach((range, k) => {
    upsertEntry(
      ctx,
      { path: `${path}.caiRanges[${k}]`, entry: `CAI ${range.cai} at ${key}` },
      stored.find((r) => codeKey(r.cai) === codeKey(range.cai)),
      range,
      // A new range starts at its first number.
      (e) =>
        ctx.em.create(CaiRange, {
          emissionPoint: row,
          cai: e.cai,
          documentType: rangeDocumentType(e, undefined),
          rangeStart: e.rangeStart,
          rangeEnd: e.rangeEnd,
          deadline: e.deadline,
          nextNumber: e.rangeStart,
        }),
      (r, e) => {
        const changed = assignChanged(r, {
          cai: e.cai,
          documentType: rangeDocumentType(e, r),
          rangeStart: e.rangeStart,
          rangeEnd: e.rangeEnd,
          deadline: e.deadline,
        });
        // Only ever forward (when rangeStart rises past it), so a number once taken is never taken again.
        if (r.nextNumber >= r.rangeStart) return changed;
        r.nextNumber = r.rangeStart;
        return true;
      },
    );
  });
}
