import type { EntityClass, EntityProperty, MetadataStorage } from '@mikro-orm/mysql';

/**
 * What knows the entities' tables and columns: the plain SQL client, for the SQL it runs (read
 * models, the numbered write), or the EntityManager, for SQL text run in a unit of work. A read
 * model needs the SQL client alone.
 */
export interface MetadataSource {
  getMetadata(): MetadataStorage;
}

/**
 * Read paths that only serialise rows (GET an invoice, list clients, authenticate) skip the unit
 * of work: hydrating entities and building queries through the ORM cost several times the
 * database's own work per request. This turns a list of entity properties into a SELECT list
 * (columns from the ORM's metadata, aliased to the property names) and a reader that gives
 * each raw row the property's JavaScript type, so the field list is written once and stays
 * typed against the entity.
 */
export interface LeanSelect<T, K extends keyof T> {
  /** `alias.column AS \`property\`, ...` */
  columns: string;
  read(row: Record<string, unknown>): Pick<T, K>;
}

/** The driver returns DATETIME as 'YYYY-MM-DD HH:MM:SS.mmm' in UTC (dateStrings), booleans as 0/1. */
function converter(prop: EntityProperty): (value: unknown) => unknown {
  const type = String(prop.type).toLowerCase();
  if (type === 'datetime') return (v) => (v === null ? null : storedInstant(String(v)));
  if (type === 'boolean') return (v) => (v === null ? null : Boolean(Number(v)));
  if (type === 'integer' || type === 'smallint') return (v) => (v === null ? null : Number(v));
  return (v) => v;
}

/**
 * `as` prefixes the names the columns are selected as, for a SELECT that joins several tables
 * whose properties share names (`id`, `code`).
 */
export function leanSelect<T extends object, K extends keyof T & string>(
  source: MetadataSource,
  entity: EntityClass<T>,
  alias: string,
  fields: readonly K[],
  as = '',
): LeanSelect<T, K> {
  const meta = source.getMetadata().get(entity.name);
  const props = fields.map((name) => {
    const prop = meta.properties[name as keyof typeof meta.properties] as EntityProperty | undefined;
    if (!prop || prop.fieldNames?.length !== 1) throw new Error(`${entity.name}.${name} is not a single-column property`);
    return { name, selectedAs: `${as}${name}`, column: prop.fieldNames[0], convert: converter(prop) };
  });
  return {
    columns: props.map((p) => `${alias}.\`${p.column}\` AS \`${p.selectedAs}\``).join(', '),
    read(row) {
      const out = {} as Record<string, unknown>;
      for (const p of props) out[p.name] = p.convert(row[p.selectedAs]);
      return out as Pick<T, K>;
    },
  };
}

/** Table name of an entity, from the ORM's metadata. */
export function tableOf(source: MetadataSource, entity: EntityClass<object>): string {
  return `\`${source.getMetadata().get(entity.name).tableName}\``;
}

/**
 * A DATETIME as the driver returns it ('YYYY-MM-DD HH:MM:SS[.mmm]', in UTC: dateStrings) as the
 * instant it holds; the inverse of `utcDatetime`. Every read of a DATETIME goes through here, so
 * the column's zone is assumed in one place.
 */
export function storedInstant(stored: string): Date {
  return new Date(`${stored.replace(' ', 'T')}Z`);
}

/** A Date as a DATETIME(3) literal in UTC, the zone every DATETIME column holds (no session zone involved). */
export function utcDatetime(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}
