import type { EntityManager } from '@mikro-orm/mysql';
import { type MetadataSource, tableOf } from '../../../db/lean-select';
import type { DocumentType } from '../../../domain/document-type';
import { Company, LetterheadPublication } from '../../../entities';
import { FIXED_VERSIONS_COLUMNS, fixedVersionsJoins, fixedVersionsOf, type FixedVersions } from './fixed-versions';

/**
 * The versions of a company's newest letterhead publication of a document type (parameters:
 * company code, document type), with FIXED_VERSIONS_COLUMNS: none when nothing is published.
 */
export function publishedSql(source: MetadataSource): string {
  return (
    `SELECT ${FIXED_VERSIONS_COLUMNS} FROM ${tableOf(source, LetterheadPublication)} p JOIN ${tableOf(source, Company)} c ON c.\`id\` = p.\`company_id\` ` +
    `${fixedVersionsJoins(source, 'p')} WHERE c.\`code\` = ? AND p.\`document_type\` = ? ORDER BY p.\`id\` DESC LIMIT 1`
  );
}

/**
 * The published versions, read in the unit of work of a write that stores the current versions
 * when none is published (the start-up backfill runs before the plain pool is in use).
 */
export async function readPublished(em: EntityManager, companyCode: string, documentType: DocumentType): Promise<FixedVersions | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(publishedSql(em), [companyCode, documentType]);
  return row === undefined ? null : fixedVersionsOf(row);
}

/** Where a company's current letterhead comes from: a publication, or the files of TEMPLATES_DIR. */
export type LetterheadSource = 'published' | 'files';
