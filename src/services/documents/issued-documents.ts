import type { EntityManager } from '@mikro-orm/mysql';
import { DOCUMENT_TYPES, type DocumentType } from '../../domain/document-type';
import type { CaiRange } from '../../entities';
import { type MetadataSource, tableOf } from '../../db/lean-select';
import { columnNameOf, columnOf, DOCUMENT_KINDS, documentTables, documentTypeColumn } from './document-kinds';

/**
 * Where a range's issued numbers are read from: its kind's table (DOCUMENT_KINDS). A range has one
 * type, so its numbers are in that table alone, found by `cai_range_id` (credit and debit notes
 * share the notes table: a range of either finds only its own). Each such table has a unique index
 * on (cai_range_id, number), so reading a range's numbers is an index walk. The audit, `report
 * unused`, `cai status` and the setup checks read a new kind's table through here with no change
 * of their own.
 */
function issuedTable(source: MetadataSource, documentType: DocumentType) {
  const { entity, numberProperty } = DOCUMENT_KINDS[documentType];
  return {
    table: source.getMetadata().get(entity.name).tableName,
    number: columnNameOf(source, entity, numberProperty),
    fiscalNumber: columnNameOf(source, entity, 'fiscalNumber'),
    range: columnNameOf(source, entity, 'caiRange'),
  };
}

export interface IssuedDocument {
  id: number;
  number: number;
  fiscalNumber: string;
}

/** The lowest and highest number issued from a range (annulled documents count: their numbers stay used). */
export interface IssuedNumbers {
  first: number;
  last: number;
}

type RangeRef = Pick<CaiRange, 'id' | 'documentType'>;

/**
 * The documents issued from one range, by number (then id, so a duplicated number shows twice in
 * a row), streamed: memory stays flat whatever the range's size.
 */
export async function* issuedFromRange(em: EntityManager, range: RangeRef): AsyncGenerator<IssuedDocument> {
  const source = issuedTable(em, range.documentType);
  const rows = em
    .getKnex()
    .select({ id: 'id', number: source.number, fiscalNumber: source.fiscalNumber })
    .from(source.table)
    .where(source.range, range.id)
    .orderBy([{ column: source.number }, { column: 'id' }])
    .stream({ highWaterMark: 1000 }) as unknown as AsyncIterable<{ id: number; number: number; fiscalNumber: string }>;
  for await (const row of rows) yield { id: Number(row.id), number: Number(row.number), fiscalNumber: row.fiscalNumber };
}

/**
 * The first and last number issued from each of these ranges that issued any, keyed by range id.
 * Runs in the caller's unit of work (its transaction), one grouped query per document type
 * present: SQL through the EntityManager, since the ORM has no form for a grouped MIN and MAX.
 */
export async function issuedNumbersOf(em: EntityManager, ranges: readonly RangeRef[]): Promise<Map<number, IssuedNumbers>> {
  const found = new Map<number, IssuedNumbers>();
  for (const type of DOCUMENT_TYPES) {
    const ids = ranges.filter((r) => r.documentType === type).map((r) => r.id);
    if (ids.length === 0) continue;
    const source = issuedTable(em, type);
    const rows = await em.execute<{ id: number; first: number; last: number }[]>(
      `SELECT \`${source.range}\` AS \`id\`, MIN(\`${source.number}\`) AS \`first\`, MAX(\`${source.number}\`) AS \`last\` FROM \`${source.table}\`` +
        ` WHERE \`${source.range}\` IN (${ids.map(() => '?').join(', ')}) GROUP BY \`${source.range}\``,
      ids,
    );
    for (const row of rows) found.set(Number(row.id), { first: Number(row.first), last: Number(row.last) });
  }
  return found;
}

/**
 * The statements that count the numbers each emission point took per document type in a period
 * (the run-out pace of the CAI overview): one per table of issued documents, each taking
 * `[pointIds, since, until]` (DATETIME literals) and answering rows of `pointId`, `documentType`
 * and `taken`. Counted on (emission point, date) with the points' ids as constants: a range of
 * an index per point. Joined to the points instead, the optimizer reads the index by point alone
 * and counts every document the point ever issued.
 */
export function takenPerPointSql(source: MetadataSource): string[] {
  return documentTables().map((table) => {
    const point = columnOf(source, table.entity, 'emissionPoint');
    const issuedAt = columnOf(source, table.entity, table.kind.issuedAtProperty);
    const type = documentTypeColumn(source, table, 'd');
    const grouped =
      table.kind.kindProperty === null ? `d.${point}` : `d.${point}, d.${columnOf(source, table.entity, table.kind.kindProperty)}`;
    return (
      `SELECT d.${point} AS pointId, ${type}, COUNT(*) AS taken FROM ${tableOf(source, table.entity)} d` +
      ` WHERE d.${point} IN (?) AND d.${issuedAt} >= ? AND d.${issuedAt} < ? GROUP BY ${grouped}`
    );
  });
}
