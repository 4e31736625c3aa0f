import { type MetadataSource, tableOf } from '../../../db/lean-select';
import { TemplateVersion } from '../../../entities';
import { versionsIdentity } from '../../../pdf/pdf-render-key';

/** The stored versions an invoice prints with; a null logo means no logo. */
export interface FixedVersions {
  templateVersionId: number;
  logoVersionId: number | null;
  /**
   * Identifies the bytes of both versions (versionsIdentity of their stored SHA-256s): the
   * template part of a PDF's cache key, known without reading or hashing any file.
   */
  identity: string;
}

/**
 * The columns (aliases tv, lv) that fixedVersionsOf reads: an invoice's version ids with their
 * stored SHA-256s, joined by fixedVersionsJoins.
 */
export const FIXED_VERSIONS_COLUMNS =
  'tv.`id` AS `templateVersionId`, tv.`sha256` AS `templateSha256`, lv.`id` AS `logoVersionId`, lv.`sha256` AS `logoSha256`';

/** The joins from an invoice (alias `invoiceAlias`) to its template (tv) and logo (lv) versions. */
export function fixedVersionsJoins(source: MetadataSource, invoiceAlias: string): string {
  const versions = tableOf(source, TemplateVersion);
  return `LEFT JOIN ${versions} tv ON tv.\`id\` = ${invoiceAlias}.\`template_version_id\` LEFT JOIN ${versions} lv ON lv.\`id\` = ${invoiceAlias}.\`logo_version_id\``;
}

/** An invoice's versions from a row with FIXED_VERSIONS_COLUMNS, or null when none is fixed yet. */
export function fixedVersionsOf(row: Record<string, unknown>): FixedVersions | null {
  if (row.templateVersionId === null || row.templateVersionId === undefined) return null;
  const logoSha256 = row.logoSha256 === null || row.logoSha256 === undefined ? null : String(row.logoSha256);
  return {
    templateVersionId: Number(row.templateVersionId),
    logoVersionId: logoSha256 === null ? null : Number(row.logoVersionId),
    identity: versionsIdentity(String(row.templateSha256), logoSha256),
  };
}

/** The versions of a stored template and its logo (or none), as a document records them. */
export function fixedVersions(template: StoredVersion, logo: StoredVersion | null): FixedVersions {
  return {
    templateVersionId: template.id,
    logoVersionId: logo?.id ?? null,
    identity: versionsIdentity(template.sha256, logo?.sha256 ?? null),
  };
}

/** A stored version's row id and the SHA-256 of its bytes. */
export interface StoredVersion {
  id: number;
  sha256: string;
}
