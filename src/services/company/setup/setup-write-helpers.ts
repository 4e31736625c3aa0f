import type { EntityManager } from '@mikro-orm/mysql';
import type { Company } from '../../../entities';
import type { Amount, Live } from './setup-document';
import { toDecimalString } from './setup-formats';
import type { EntryRef, SetupChange } from './setup-changes';
import type { ExistingSetup } from './setup-state';

/** What every writer step shares. The maps of `existing` also receive the rows it creates. */
export interface WriteContext {
  em: EntityManager;
  existing: ExistingSetup;
  company: Company;
  now: Date;
  /** Every entry created, updated or deleted, in the order written. */
  changes: SetupChange[];
}

/** Values the file gave; undefined for a field it left out. */
export type Patch<E> = { [K in keyof E]?: E[K] };

/** The decimal string of an amount, keeping "not in the file" (undefined) and "clear" (null) apart. */
export function decimal(value: Amount | null | undefined, scale: number): string | null | undefined {
  return value === undefined || value === null ? value : toDecimalString(value, scale);
}

/** Drops the fields the file left out, so a new row gets the entity's defaults for them. */
export function defined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Sets the fields whose value differs, so a re-apply of the same file changes (and counts)
 * nothing. Returns whether anything changed.
 */
export function assignChanged<E extends object>(row: E, patch: Patch<E>): boolean {
  let changed = false;
  for (const key of Object.keys(patch) as (keyof E)[]) {
    const value = patch[key];
    if (value === undefined || sameValue(row[key], value)) continue;
    row[key] = value;
    changed = true;
  }
  return changed;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A relation holds the same row whether it was loaded or is a reference.
  if (a && b && typeof a === 'object' && typeof b === 'object' && 'id' in a && 'id' in b) return a.id !== undefined && a.id === b.id;
  return false;
}

/**
 * Creates, updates, restores or soft-deletes one keyed entry and counts what happened. A deleted
 * entry with no row is a no-op: the file says it should not exist, and it does not.
 */
export function upsertEntry<E extends { deletedAt: Date | null }, T extends { deleted?: boolean }>(
  ctx: WriteContext,
  at: EntryRef,
  row: E | undefined,
  entry: T,
  create: (live: Live<T>) => E,
  update: (row: E, live: Live<T>) => boolean,
): E | undefined {
  if (entry.deleted === true) {
    if (row && row.deletedAt === null) {
      row.deletedAt = ctx.now;
      ctx.changes.push({ action: 'delete', ...at });
    }
    return row;
  }
  // Not deleted, so the schema has checked every field a live entry needs.
  const live = entry as Live<T>;
  if (!row) {
    ctx.changes.push({ action: 'create', ...at });
    return create(live);
  }
  const restored = row.deletedAt !== null;
  row.deletedAt = null;
  if (update(row, live) || restored) ctx.changes.push({ action: 'update', ...at });
  return row;
}
