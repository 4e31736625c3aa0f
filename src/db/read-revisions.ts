import type { EntityManager } from '@mikro-orm/mysql';

/**
 * The counters of table `read_revisions` (entity ReadRevision): what a per-process read cache
 * checks its entries against. A writer bumps the counter of what it changed in its own
 * transaction, so the change and the new counter commit together on every node; a reader learns
 * the counters in the query that authenticates the caller, before it reads any data, so an entry
 * read under counter N holds data at least as new as N (decision 46).
 */
export interface ReadRevisions {
  invoices: number;
  clients: number;
}

export type ReadRevisionKind = keyof ReadRevisions;

const BUMP_SQL: Record<ReadRevisionKind, string> = {
  invoices: 'INSERT INTO `read_revisions` (`company_id`, `invoices`) VALUES (?, 1) ON DUPLICATE KEY UPDATE `invoices` = `invoices` + 1',
  clients: 'INSERT INTO `read_revisions` (`company_id`, `clients`) VALUES (?, 1) ON DUPLICATE KEY UPDATE `clients` = `clients` + 1',
};

/**
 * Adds one to the company's `kind` counter. Call it with the EntityManager of the transaction
 * that makes the change (inside `em.transactional`), never after it: a counter bumped in a
 * transaction of its own could commit before the change, and a reader would then cache the old
 * data under the new counter.
 */
export async function bumpReadRevision(em: EntityManager, companyId: number, kind: ReadRevisionKind): Promise<void> {
  if (!em.isInTransaction()) throw new Error('bumpReadRevision must run inside the transaction that makes the change');
  await em.execute(BUMP_SQL[kind], [companyId], 'run');
}

/** The counters from a row that selected them as `invoicesRevision` and `clientsRevision` (null: no row yet, 0). */
export function readRevisionsOf(row: Record<string, unknown>): ReadRevisions {
  return { invoices: Number(row.invoicesRevision ?? 0), clients: Number(row.clientsRevision ?? 0) };
}
