import type { EntityManager, Transaction } from '@mikro-orm/core';

/**
 * The counters of table `read_revisions` (entity ReadRevision): what a per-process read cache
 * checks its entries against. A change of cached data bumps the counter in the transaction that
 * makes it, so the change and the new counter commit together on every node; a reader learns the
 * counters in the query that authenticates the caller, before it reads any data, so an entry read
 * under counter N holds data at least as new as N (decision 46). Changes made through the unit of
 * work bump by themselves (read-revision.subscriber.ts); only a write below it calls
 * bumpReadRevisions.
 */
export interface ReadRevisions {
  invoices: number;
  clients: number;
  /** What invoices are priced with (src/services/sales/pricing/pricing-snapshot.ts). */
  catalog: number;
  /** Which letterhead versions are published (src/services/documents/template-versions/template-version-store.ts keeps them per instance). */
  letterheads: number;
}

export type ReadRevisionKind = keyof ReadRevisions;

const KINDS: readonly ReadRevisionKind[] = ['invoices', 'clients', 'catalog', 'letterheads'];

/**
 * Adds one to each of the company's `kinds` counters, in one statement. Runs in the transaction
 * that makes the change (`ctx`, by default the one `em` is in), never after it: a counter bumped in
 * a transaction of its own could commit before the change, and a reader would then cache the old
 * data under the new counter.
 */
export async function bumpReadRevisions(
  em: EntityManager,
  companyId: number,
  kinds: Iterable<ReadRevisionKind>,
  ctx: Transaction | undefined = em.getTransactionContext(),
): Promise<void> {
  if (ctx === undefined) throw new Error('read revisions must be bumped inside the transaction that makes the change');
  const bumped = KINDS.filter((kind) => [...kinds].includes(kind));
  if (bumped.length === 0) return;
  // Kinds come from the fixed list above, never from input.
  const sql =
    `INSERT INTO \`read_revisions\` (\`company_id\`, ${bumped.map((k) => `\`${k}\``).join(', ')}) VALUES (?, ${bumped.map(() => '1').join(', ')})` +
    ` ON DUPLICATE KEY UPDATE ${bumped.map((k) => `\`${k}\` = \`${k}\` + 1`).join(', ')}`;
  await em.getConnection('write').execute(sql, [companyId], 'run', ctx);
}

/**
 * The counters from a row that selected them as `invoicesRevision`, `clientsRevision`,
 * `catalogRevision` and `letterheadsRevision` (null: no row yet, 0).
 */
export function readRevisionsOf(row: Record<string, unknown>): ReadRevisions {
  return {
    invoices: Number(row.invoicesRevision ?? 0),
    clients: Number(row.clientsRevision ?? 0),
    catalog: Number(row.catalogRevision ?? 0),
    letterheads: Number(row.letterheadsRevision ?? 0),
  };
}
