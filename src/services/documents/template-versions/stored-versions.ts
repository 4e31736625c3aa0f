import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/mysql';
import type { Logger } from 'pino';
import { isUniqueViolation } from '../../../db/unique-violation';
import type { DocumentType } from '../../../domain/document-type';
import { TemplateVersion } from '../../../entities';
import type { TemplateVersionKind } from '../../../entities/template-version.entity';
import { readCompanyLogo } from '../../../pdf/company-template';
import { parseOdtPackage, readTemplateFile } from '../../../pdf/odt-package';
import { resolveTemplate } from '../../../pdf/template-resolver';
import { fixedVersions, type FixedVersions, type StoredVersion } from './fixed-versions';
import { readPublished } from './published-letterhead';

/**
 * What identifies a file's bytes without reading them: path, inode, size and modification time in
 * nanoseconds ('absent' when missing). Saving a file changes its modification time, so an edited
 * letterhead gets a new stamp and is read, hashed and stored on the next issue.
 */
export async function fileStamp(file: string | undefined): Promise<string> {
  if (file === undefined) return 'absent';
  try {
    const s = await stat(file, { bigint: true });
    return `${file}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return 'absent';
  }
}

/** Hex SHA-256 of a file's bytes: how versions are addressed and named to operators. */
export function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The id of the stored version with these bytes, inserted when absent. Insert-if-absent through
 * the unique (kind, sha256) index, so instances storing the same file at once agree on one row.
 * Runs in its own statements, never inside the issuing transaction.
 */
export async function storeVersion(
  em: EntityManager,
  kind: TemplateVersionKind,
  content: Buffer,
  check: () => Promise<unknown> = async () => undefined,
): Promise<StoredVersion> {
  const hash = sha256(content);
  const stored = (id: number) => ({ id, sha256: hash });
  const find = async () => (await em.findOne(TemplateVersion, { kind, sha256: hash }, { fields: ['id'], disableIdentityMap: true }))?.id;
  const existing = await find();
  if (existing !== undefined) return stored(existing);
  // A stored version was checked when it was stored, so only new bytes pay for the check.
  await check();
  // Below the unit of work, so no read-cache counter moves, and none needs to: a new version is
  // seen only through an invoice that points at it, which is new or had no versions (never cached),
  // or through a letterhead publication, whose insert through the unit of work bumps `letterheads`.
  try {
    return stored(await em.insert(TemplateVersion, { kind, sha256: hash, content, byteSize: content.length, createdAt: new Date() }));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await find();
    if (winner === undefined) throw err;
    return stored(winner);
  }
}

/** Where a letterhead's files are read (TEMPLATES_DIR), where their versions are stored, and where a logo left out is told. */
export interface LetterheadFiles {
  em: EntityManager;
  templatesDir: string;
  logger: Logger;
}

/**
 * The company's current letterhead of a document type: the published one when there is one
 * (already stored), else the files of TEMPLATES_DIR as they are now, stored as versions.
 */
export async function currentVersions(files: LetterheadFiles, companyCode: string, documentType: DocumentType): Promise<FixedVersions> {
  return (await readPublished(files.em, companyCode, documentType)) ?? storeFileVersions(files, companyCode, documentType);
}

/**
 * The company's template of a document type and its logo as they are on disk now, stored as versions. A template that
 * cannot be read or is not an ODT throws TemplateReadError (nothing can print with it); a logo
 * that is missing or not a PNG is no logo, as when rendering from the files.
 */
export async function storeFileVersions(files: LetterheadFiles, companyCode: string, documentType: DocumentType): Promise<FixedVersions> {
  const { em, templatesDir, logger } = files;
  const templateFile = resolveTemplate(templatesDir, companyCode, documentType);
  const template = await readTemplateFile(templateFile);
  const logo = await readCompanyLogo(templatesDir, companyCode);
  if (logo.problem !== undefined) logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
  const templateVersion = await storeVersion(em, 'template', template, () => parseOdtPackage(template, templateFile));
  const logoVersion = logo.data === undefined ? null : await storeVersion(em, 'logo', logo.data);
  return fixedVersions(templateVersion, logoVersion);
}
