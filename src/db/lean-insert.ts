import type { EntityClass, EntityProperty } from '@mikro-orm/mysql';
import { type MetadataSource, utcDatetime } from './lean-select';

/**
 * A multi-row INSERT of an entity's table, its column list taken from the ORM's metadata for the
 * properties given (a relation by its id), so a write below the unit of work stays typed against
 * the entity and names no column by hand. `sql(n)` is the statement for n rows; `values(rows)`
 * their parameters in the same order.
 */
export interface LeanInsert<R> {
  sql(rowCount: number): string;
  values(rows: readonly R[]): unknown[];
}

/** What a driver parameter is for a property's JavaScript value. */
function parameter(value: unknown): unknown {
  if (value instanceof Date) return utcDatetime(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}

export function leanInsert<T extends object, R extends Partial<Record<keyof T & string, unknown>>>(
  source: MetadataSource,
  entity: EntityClass<T>,
  fields: ReadonlyArray<keyof R & keyof T & string>,
): LeanInsert<R> {
  const meta = source.getMetadata().get(entity.name);
  const columns = fields.map((name) => {
    const prop = meta.properties[name] as EntityProperty | undefined;
    if (!prop || prop.fieldNames?.length !== 1) throw new Error(`${entity.name}.${name} is not a single-column property`);
    return `\`${prop.fieldNames[0]}\``;
  });
  const head = `INSERT INTO \`${meta.tableName}\` (${columns.join(', ')}) VALUES `;
  const tuple = `(${fields.map(() => '?').join(', ')})`;
  return {
    sql: (rowCount) => head + Array.from({ length: rowCount }, () => tuple).join(', '),
    values: (rows) => rows.flatMap((row) => fields.map((field) => parameter(row[field]))),
  };
}

/**
 * A fiscal document's rows: its head, then its lines and its taxes pointing at it, as multi-row
 * INSERTs (three statements whatever the line count; the taxes' statement only when it has some).
 * `parent` names the lines' and taxes' property that points at the head. A kind without taxes
 * (no tax table) gives null for `taxes` and writes none.
 */
export class DocumentRowsInsert<H, L, T, P extends string> {
  constructor(
    private readonly head: LeanInsert<H>,
    private readonly lines: LeanInsert<L>,
    private readonly taxes: LeanInsert<T> | null,
    private readonly parent: P,
  ) {}

  /** The rows of a document kind: each table's entity and the properties written to it (a kind without taxes gives null). */
  static of<
    H extends object,
    HK extends keyof H & string,
    L extends object,
    LK extends keyof L & string,
    T extends object,
    TK extends keyof T & string,
    P extends string,
  >(
    source: MetadataSource,
    head: readonly [EntityClass<H>, ReadonlyArray<HK>],
    lines: readonly [EntityClass<L>, ReadonlyArray<LK>],
    taxes: readonly [EntityClass<T>, ReadonlyArray<TK>] | null,
    parent: P,
  ): DocumentRowsInsert<Record<HK, unknown>, Record<LK, unknown>, Record<TK, unknown>, P> {
    return new DocumentRowsInsert(
      leanInsert(source, head[0], head[1]) as LeanInsert<Record<HK, unknown>>,
      leanInsert(source, lines[0], lines[1]) as LeanInsert<Record<LK, unknown>>,
      taxes === null ? null : (leanInsert(source, taxes[0], taxes[1]) as LeanInsert<Record<TK, unknown>>),
      parent,
    );
  }

  /** Inserts the rows in `tx`; returns the head's new id. */
  async insert(
    tx: { run(sql: string, params: readonly unknown[]): Promise<{ insertId: number }> },
    head: H,
    lines: ReadonlyArray<Omit<L, P>>,
    taxes: ReadonlyArray<Omit<T, P>>,
  ): Promise<number> {
    const { insertId: id } = await tx.run(this.head.sql(1), this.head.values([head]));
    const child = <R>(row: R) => ({ ...row, [this.parent]: id });
    const statements = [tx.run(this.lines.sql(lines.length), this.lines.values(lines.map(child) as unknown as L[]))];
    if (taxes.length > 0) {
      if (this.taxes === null) throw new Error('a document of a kind without taxes was given taxes');
      statements.push(tx.run(this.taxes.sql(taxes.length), this.taxes.values(taxes.map(child) as unknown as T[])));
    }
    await Promise.all(statements);
    return id;
  }
}
