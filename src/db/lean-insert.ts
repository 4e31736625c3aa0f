import type { EntityClass, EntityManager, EntityProperty } from '@mikro-orm/mysql';
import { utcDatetime } from './lean-select';

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
  em: EntityManager,
  entity: EntityClass<T>,
  fields: ReadonlyArray<keyof R & keyof T & string>,
): LeanInsert<R> {
  const meta = em.getMetadata().get(entity.name);
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
