import { CaiRange, EmissionPoint, Establishment } from '../../entities';
import type { EmissionPointSpec, EstablishmentSpec, Keyed } from './setup-document';
import { codeKey, pointKey } from './setup-state';
import { assignChanged, defined, upsertEntry, WriteContext } from './setup-write-helpers';

/** Establishments, their emission points and the points' CAI ranges. */
export function writeNumbering(ctx: WriteContext, establishments: Keyed<EstablishmentSpec, 'code'>[]): void {
  for (const entry of establishments) {
    const existing = ctx.existing.establishments.get(codeKey(entry.code));
    const wasLive = existing !== undefined && existing.deletedAt === null;
    const row = upsertEntry(
      ctx,
      existing,
      entry,
      (e) => ctx.em.create(Establishment, { ...defined({ name: e.name, address: e.address }), company: ctx.company, code: e.code }),
      (r, e) => assignChanged(r, { name: e.name, address: e.address }),
    );
    if (!row) continue;
    ctx.existing.establishments.set(codeKey(entry.code), row);
    if (entry.deleted && wasLive) deletePointsOf(ctx, entry.code);
    for (const point of entry.emissionPoints ?? []) writeEmissionPoint(ctx, row, point);
  }
}

/**
 * The integration names emission points directly, so the points of a deleted establishment are
 * deleted with it; ranges and prices are only reached through their parent and stay as they are.
 */
function deletePointsOf(ctx: WriteContext, establishmentCode: string): void {
  for (const [key, point] of ctx.existing.emissionPoints) {
    if (key.startsWith(`${establishmentCode}-`) && point.deletedAt === null) point.deletedAt = ctx.now;
  }
}

function writeEmissionPoint(ctx: WriteContext, establishment: Establishment, entry: Keyed<EmissionPointSpec, 'code'>): void {
  const key = pointKey(establishment.code, entry.code);
  const row = upsertEntry(
    ctx,
    ctx.existing.emissionPoints.get(key),
    entry,
    (e) => ctx.em.create(EmissionPoint, { ...defined({ name: e.name }), establishment, code: e.code }),
    (r, e) => assignChanged(r, { name: e.name }),
  );
  if (!row) return;
  ctx.existing.emissionPoints.set(key, row);
  const stored = ctx.existing.caiRanges.get(key) ?? [];
  for (const range of entry.caiRanges ?? []) {
    upsertEntry(
      ctx,
      stored.find((r) => codeKey(r.cai) === codeKey(range.cai)),
      range,
      // A new range starts at its first number.
      (e) => ctx.em.create(CaiRange, { emissionPoint: row, cai: e.cai, rangeStart: e.rangeStart, rangeEnd: e.rangeEnd, deadline: e.deadline, nextNumber: e.rangeStart }),
      (r, e) => {
        const changed = assignChanged(r, { cai: e.cai, rangeStart: e.rangeStart, rangeEnd: e.rangeEnd, deadline: e.deadline });
        // Only ever forward (when rangeStart rises past it), so a number once taken is never taken again.
        if (r.nextNumber >= r.rangeStart) return changed;
        r.nextNumber = r.rangeStart;
        return true;
      },
    );
  }
}
