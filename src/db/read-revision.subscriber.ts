import {
  ChangeSet,
  ChangeSetType,
  EntityManager,
  EntityMetadata,
  EntityProperty,
  EventSubscriber,
  FlushEventArgs,
  Reference,
  TransactionEventArgs,
  UnitOfWork,
  wrap,
} from '@mikro-orm/core';
import { READ_DEPENDENCIES, ReadDependency } from './read-dependencies';
import { bumpReadRevisions, ReadRevisionKind } from './read-revisions';

/** Per company, the counters a flush moves. */
type Bumps = Map<number, Set<ReadRevisionKind>>;

/**
 * Makes every flush that changes a row a cached answer reads (READ_DEPENDENCIES) bump its
 * company's counter in the transaction that writes the row, so a writer cannot forget it. The
 * counters a flush moves are worked out in onFlush, from its change sets, before anything is
 * written (a deleted row is still there to be asked about); they are bumped after the flush's
 * writes, in its transaction:
 *
 * - a flush inside a transaction (`em.transactional`) bumps in afterFlush, where that transaction
 *   is still open, so the bump commits or rolls back with the change;
 * - a plain flush runs in a transaction MikroORM opens for it, which afterFlush is already past, so
 *   it bumps in beforeTransactionCommit of that transaction (which names the flushing unit of work).
 *
 * Writes below the unit of work (em.insert, em.upsert, nativeUpdate, nativeDelete, a query
 * builder, execute) are not seen here. The service's own change no cached answer: idempotency records are read by none, a stored
 * template version only through invoices and letterhead publications that point at it (a
 * publication is flushed, so it bumps), and versions are fixed only on
 * invoices that have none, which the read cache never keeps. A new one that changes what a
 * cached answer reads calls bumpReadRevisions in its transaction.
 */
export class ReadRevisionSubscriber implements EventSubscriber {
  /** What the unit of work's current flush will bump, between onFlush and the bump. */
  private readonly pending = new WeakMap<UnitOfWork, Bumps>();

  async onFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const bumps = await bumpsOf(em, uow.getChangeSets());
    if (bumps.size === 0) {
      this.pending.delete(uow);
      return;
    }
    if (!em.isInTransaction() && !em.config.get('implicitTransactions')) {
      throw new Error('a flush that changes cached data needs a transaction: use em.transactional, or keep implicitTransactions on');
    }
    this.pending.set(uow, bumps);
  }

  async beforeTransactionCommit({ em, uow, transaction }: TransactionEventArgs): Promise<void> {
    // Only the transaction a plain flush opened names its unit of work.
    if (uow === undefined) return;
    await this.bump(em, uow, transaction);
  }

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    // A plain flush has bumped before its commit; what is left is a flush inside a transaction.
    // Outside one, bumpReadRevisions throws: better loud than a cache that silently goes stale.
    await this.bump(em, uow, em.getTransactionContext());
  }

  private async bump(em: EntityManager, uow: UnitOfWork, transaction: unknown): Promise<void> {
    const bumps = this.pending.get(uow);
    if (bumps === undefined) return;
    this.pending.delete(uow);
    // In company order, so that two transactions bumping the same companies lock their rows in one order.
    for (const companyId of [...bumps.keys()].sort((a, b) => a - b)) {
      await bumpReadRevisions(em, companyId, bumps.get(companyId)!, transaction);
    }
  }
}

/** The counters the change sets of one flush move, by company. */
async function bumpsOf(em: EntityManager, changeSets: ReadonlyArray<ChangeSet<object>>): Promise<Bumps> {
  const bumps: Bumps = new Map();
  let inserted: Set<object> | undefined;
  const lookups = new Map<string, number | null>();
  for (const cs of changeSets) {
    const dependency = READ_DEPENDENCIES.get(cs.meta.class);
    if (dependency === undefined) continue;
    const deleted = cs.type === ChangeSetType.DELETE || cs.type === ChangeSetType.DELETE_EARLY;
    if (dependency === 'immutable') {
      if (cs.type === ChangeSetType.CREATE) continue;
      throw new Error(`${cs.meta.className} rows are never ${deleted ? 'deleted' : 'changed'}: cached invoices print with them`);
    }
    // A deleted company takes its counters with it (its read_revisions row cascades), and no key
    // of it authenticates any more: nothing is left to bump.
    if (deleted && dependency.company.length === 0) continue;
    if (cs.type === ChangeSetType.CREATE) {
      if (dependency.insert === 'never') continue;
      if (dependency.insert !== 'bumps') {
        inserted ??= new Set(changeSets.filter((c) => c.type === ChangeSetType.CREATE).map((c) => c.entity));
        const owner = (cs.entity as Record<string, unknown>)[dependency.insert.unlessNew];
        if (owner != null && inserted.has(Reference.unwrapReference(owner))) continue;
      }
    }
    const kinds: ReadRevisionKind[] = [...dependency.counters, ...(deleted ? (dependency.deleteAlso ?? []) : [])];
    for (const companyId of await companiesOf(em, cs, dependency, lookups)) {
      const set = bumps.get(companyId) ?? new Set<ReadRevisionKind>();
      for (const kind of kinds) set.add(kind);
      bumps.set(companyId, set);
    }
  }
  return bumps;
}

/**
 * The companies whose answers the change touches: the row's, and, when an update moves the row
 * (its first relation on the way to the company changes), the one it leaves. None when the company
 * is inserted by the same flush: no caller can have read anything of it yet.
 */
async function companiesOf(
  em: EntityManager,
  cs: ChangeSet<object>,
  dependency: ReadDependency,
  lookups: Map<string, number | null>,
): Promise<number[]> {
  const [first, ...rest] = dependency.company;
  const companies = [await companyAlong(em, { meta: cs.meta, row: cs.entity, id: primaryKeyOf(cs.entity) }, dependency.company, lookups)];
  const before = cs.originalEntity as Record<string, unknown> | undefined;
  if (
    cs.type !== ChangeSetType.CREATE &&
    before !== undefined &&
    first !== undefined &&
    first in (cs.payload as object) &&
    before[first] != null
  ) {
    const target = relationOf(cs.meta, first).targetMeta!;
    const id = Number(before[first]);
    companies.push(await companyAlong(em, { meta: target, row: em.getUnitOfWork().getById(target.className, id), id }, rest, lookups));
  }
  return [...new Set(companies.filter((id): id is number => id !== null))];
}

interface Step {
  meta: EntityMetadata<object>;
  /** The row when it is in memory; a reference that was never loaded knows only its id. */
  row: object | undefined;
  /** Null for a row the flush inserts. */
  id: number | null;
}

/**
 * Follows `path` from a row to its company's id: through the entities in memory where they are
 * loaded, else by reading the foreign key (in the flush's transaction, if any; a row's path to
 * its company never changes). Null when the company is new, or the row does not exist (nothing
 * of it can be cached).
 */
async function companyAlong(
  em: EntityManager,
  start: Step,
  path: readonly string[],
  lookups: Map<string, number | null>,
): Promise<number | null> {
  let step = start;
  for (const name of path) {
    const prop = relationOf(step.meta, name);
    const target = prop.targetMeta!;
    const value = step.row !== undefined && wrap(step.row, true).__initialized ? (step.row as Record<string, unknown>)[name] : undefined;
    if (value != null) {
      const row = Reference.unwrapReference(value);
      step = { meta: target, row, id: primaryKeyOf(row) };
      continue;
    }
    if (step.id === null) throw new Error(`the company of a new ${step.meta.className} cannot be told: its ${name} is not set`);
    const id = await foreignKey(em, step.meta, prop.fieldNames[0], step.id, lookups);
    if (id === null) return null;
    step = { meta: target, row: em.getUnitOfWork().getById(target.className, id), id };
  }
  return step.id;
}

function relationOf(meta: EntityMetadata<object>, name: string): EntityProperty {
  const prop = (meta.properties as Record<string, EntityProperty | undefined>)[name];
  if (prop?.targetMeta === undefined || prop.fieldNames?.length !== 1)
    throw new Error(`${meta.className}.${name} is not a relation on the way to a company`);
  return prop;
}

function primaryKeyOf(row: object): number | null {
  const id = wrap(row, true).getPrimaryKey();
  return id === null || id === undefined ? null : Number(id);
}

async function foreignKey(
  em: EntityManager,
  meta: EntityMetadata<object>,
  column: string,
  id: number,
  lookups: Map<string, number | null>,
): Promise<number | null> {
  const key = `${meta.tableName}.${column}:${id}`;
  if (!lookups.has(key)) {
    const pk = meta.getPrimaryProps()[0].fieldNames[0];
    const rows = await em
      .getConnection('write')
      .execute<Array<{ fk: unknown }>>(
        `SELECT \`${column}\` AS fk FROM \`${meta.tableName}\` WHERE \`${pk}\` = ?`,
        [id],
        'all',
        em.getTransactionContext(),
      );
    lookups.set(key, rows.length === 0 || rows[0].fk === null ? null : Number(rows[0].fk));
  }
  return lookups.get(key)!;
}
