import type { EntityManager } from '@mikro-orm/mysql';
import type { DocumentType } from '../../domain/document-type';
import type { CaiRange } from '../../entities';

/**
 * The table that holds the issued documents of a type. Each such table has `cai_range_id` (the
 * range the number came from) and a unique index on (cai_range_id, number), so reading a range's
 * numbers is an index walk.
 */
interface IssuedDocumentTable {
  table: string;
  /** The document's number within its range. */
  number: string;
  /** The printed number as stored. */
  fiscalNumber: string;
}

/**
 * Where each document type's issued numbers are read from. A range has one type, so its numbers
 * are in that type's table alone: credit and debit notes share the notes table, and a range of
 * either type finds only its own there by cai_range_id. A new type's table is named here; the
 * audit, `report unused`, `cai status` and the setup checks then read it with no change of their own.
 */
const ISSUED_DOCUMENTS: Readonly<Record<DocumentType, IssuedDocumentTable | null>> = {
  invoice: { table: 'invoices', number: 'invoice_number', fiscalNumber: 'fiscal_number' },
  creditNote: { table: 'notes', number: 'note_number', fiscalNumber: 'fiscal_number' },
  debitNote: { table: 'notes', number: 'note_number', fiscalNumber: 'fiscal_number' },
};

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
  const source = ISSUED_DOCUMENTS[range.documentType];
  if (!source) return;
  const rows = em
    .getKnex()
    .select({ id: 'id', number: source.number, fiscalNumber: source.fiscalNumber })
    .from(source.table)
    .where('cai_range_id', range.id)
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
  for (const [type, source] of Object.entries(ISSUED_DOCUMENTS) as [DocumentType, IssuedDocumentTable | null][]) {
    const ids = ranges.filter((r) => r.documentType === type).map((r) => r.id);
    if (!source || ids.length === 0) continue;
    const rows = await em.execute<{ id: number; first: number; last: number }[]>(
      `SELECT \`cai_range_id\` AS \`id\`, MIN(\`${source.number}\`) AS \`first\`, MAX(\`${source.number}\`) AS \`last\` FROM \`${source.table}\`` +
        ` WHERE \`cai_range_id\` IN (${ids.map(() => '?').join(', ')}) GROUP BY \`cai_range_id\``,
      ids,
    );
    for (const row of rows) found.set(Number(row.id), { first: Number(row.first), last: Number(row.last) });
  }
  return found;
}
