import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { EntityManager } from '@mikro-orm/mysql';
import { isUniqueViolation } from '../db/unique-violation';
import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { tableOf } from '../db/lean-select';
import type { SqlClient } from '../db/sql-client';
import type { DocumentType } from '../domain/document-type';
import { Invoice, TemplateVersion } from '../entities';
import type { TemplateVersionKind } from '../entities/template-version.entity';
import { readCompanyLogo } from '../pdf/company-template';
import { parseOdtPackage, readTemplateFile, TemplateReadError, type OdtPackage } from '../pdf/odt-package';
import { versionsIdentity } from '../pdf/pdf-render-key';
import { applyLogo } from '../pdf/template-logo';
import { companyLogoPath, resolveTemplate } from '../pdf/template-resolver';
import { TOKENS } from '../tokens';

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
export function fixedVersionsJoins(em: EntityManager, invoiceAlias: string): string {
  const versions = tableOf(em, TemplateVersion);
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

/** Prepared templates kept per process; versions never change, so an entry never goes stale. */
const PREPARED_CACHE_SIZE = 16;
/** (company, document type) pairs whose current versions are remembered against their files' stamps. */
const CURRENT_CACHE_SIZE = 256;

/**
 * What identifies a file's bytes without reading them: path, inode, size and modification time in
 * nanoseconds ('absent' when missing). Saving a file changes its modification time, so an edited
 * letterhead gets a new stamp and is read, hashed and stored on the next issue.
 */
async function fileStamp(file: string | undefined): Promise<string> {
  if (file === undefined) return 'absent';
  try {
    const s = await stat(file, { bigint: true });
    return `${file}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return 'absent';
  }
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The id of the stored version with these bytes, inserted when absent. Insert-if-absent through
 * the unique (kind, sha256) index, so instances storing the same file at once agree on one row.
 * Runs in its own statements, never inside the issuing transaction.
 */
async function storeVersion(
  em: EntityManager,
  kind: TemplateVersionKind,
  content: Buffer,
  check: () => Promise<unknown> = async () => undefined,
): Promise<{ id: number; sha256: string }> {
  const hash = sha256(content);
  const stored = (id: number) => ({ id, sha256: hash });
  const find = async () => (await em.findOne(TemplateVersion, { kind, sha256: hash }, { fields: ['id'], disableIdentityMap: true }))?.id;
  const existing = await find();
  if (existing !== undefined) return stored(existing);
  // A stored version was checked when it was stored, so only new bytes pay for the check.
  await check();
  // Below the unit of work, so no read-cache counter moves, and none needs to: a new version is
  // seen only through an invoice that points at it, which is new or had no versions (never cached).
  try {
    return stored(await em.insert(TemplateVersion, { kind, sha256: hash, content, byteSize: content.length, createdAt: new Date() }));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await find();
    if (winner === undefined) throw err;
    return stored(winner);
  }
}

/**
 * The company's template of a document type and its logo as they are on disk now, stored as versions. A template that
 * cannot be read or is not an ODT throws TemplateReadError (nothing can print with it); a logo
 * that is missing or not a PNG is no logo, as when rendering from the files.
 */
async function storeCurrentVersions(
  em: EntityManager,
  templatesDir: string,
  companyCode: string,
  documentType: DocumentType,
  logger: Logger,
): Promise<FixedVersions> {
  const templateFile = resolveTemplate(templatesDir, companyCode, documentType);
  const template = await readTemplateFile(templateFile);
  const logo = await readCompanyLogo(templatesDir, companyCode);
  if (logo.problem !== undefined) logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
  const templateVersion = await storeVersion(em, 'template', template, () => parseOdtPackage(template, templateFile));
  const logoVersion = logo.data === undefined ? null : await storeVersion(em, 'logo', logo.data);
  return {
    templateVersionId: templateVersion.id,
    logoVersionId: logoVersion?.id ?? null,
    identity: versionsIdentity(templateVersion.sha256, logoVersion?.sha256 ?? null),
  };
}

/**
 * Fixes the versions current now on every invoice that has none: those issued before versions
 * were kept. Runs at start-up right after the migrations, under their lock, so each such invoice
 * gets the letterhead it was printed with until then. Returns how many invoices it fixed.
 */
export async function fixVersionsOfUnversionedInvoices(em: EntityManager, templatesDir: string, logger: Logger): Promise<number> {
  const pending = await em
    .getConnection()
    .execute<{ company_id: number; code: string }[]>(
      'select distinct i.`company_id`, c.`code` from `invoices` i join `companies` c on c.`id` = i.`company_id` where i.`template_version_id` is null',
    );
  let fixed = 0;
  for (const { company_id: companyId, code } of pending) {
    try {
      const versions = await storeCurrentVersions(em, templatesDir, code, 'invoice', logger);
      // No read-cache counter moves: the read cache never keeps an invoice without versions.
      fixed += await em.nativeUpdate(
        Invoice,
        { company: companyId, templateVersion: null },
        { templateVersion: versions.templateVersionId, logoVersion: versions.logoVersionId },
      );
    } catch (err) {
      // Their first PDF fixes them instead, once the template can be read.
      logger.error({ err, companyCode: code }, 'could not fix the template version of earlier invoices');
    }
  }
  if (fixed > 0) logger.info({ invoices: fixed }, 'fixed the current template and logo on invoices issued before versions were kept');
  return fixed;
}

/**
 * The template and logo versions documents are issued with (Acuerdo 481-2017 Art. 38: copies
 * identical to the original), per company and document type. Issuing stores the versions on
 * disk before its transaction and the document records them; every later PDF of it is rendered
 * from them, never from the files. Previews keep rendering from the files.
 */
@injectable()
export class TemplateVersionStore {
  private readonly prepared = new LRUCache<string, Promise<OdtPackage>>({ max: PREPARED_CACHE_SIZE });
  /** Per company and document type: the stamps of its template and logo files, and the versions stored for those bytes. */
  private readonly currentByStamp = new LRUCache<string, { stamp: string; versions: FixedVersions }>({ max: CURRENT_CACHE_SIZE });

  private readonly fixedVersionsSql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    this.fixedVersionsSql = `SELECT ${FIXED_VERSIONS_COLUMNS} FROM ${tableOf(em, Invoice)} i ${fixedVersionsJoins(em, 'i')} WHERE i.id = ?`;
  }

  /**
   * The company's current versions for a document type, stored if new, or null when its template
   * cannot be read (logged): the document is still issued, and its first PDF fixes the versions
   * (see fixOn, decision 44).
   */
  async current(companyCode: string, documentType: DocumentType): Promise<FixedVersions | null> {
    // Issuing asks on every invoice: while the files are unchanged (same stamps), the versions
    // stored for them are still the current ones, so two stats replace two reads, two hashes and
    // two lookups. Versions are immutable rows, so a remembered id can never go stale.
    const { templatesDir } = this.config;
    const stamp = `${await fileStamp(resolveTemplate(templatesDir, companyCode, documentType))}|${await fileStamp(companyLogoPath(templatesDir, companyCode))}`;
    const cacheKey = `${companyCode}/${documentType}`;
    const known = this.currentByStamp.get(cacheKey);
    if (known !== undefined && known.stamp === stamp) return known.versions;
    try {
      const versions = await storeCurrentVersions(this.em, templatesDir, companyCode, documentType, this.logger);
      this.currentByStamp.set(cacheKey, { stamp, versions });
      return versions;
    } catch (err) {
      // Only an unreadable template lets the invoice go without versions; a database failure
      // storing them fails the issue like any other (503, retried with the same key).
      if (!(err instanceof TemplateReadError)) throw err;
      this.logger.error({ err, companyCode, documentType }, 'template unreadable; the document is issued without a fixed template version');
      return null;
    }
  }

  /**
   * The versions of an invoice that has none (issued while its template was unreadable, or by an
   * older service): the current ones are fixed on it, once for all instances, since the first
   * copy that can be printed is the original. Throws TemplateReadError when the template still
   * cannot be read.
   */
  async fixOn(companyCode: string, invoiceId: number): Promise<FixedVersions> {
    const current = await storeCurrentVersions(this.em, this.config.templatesDir, companyCode, 'invoice', this.logger);
    // No read-cache counter moves: the read cache never keeps an invoice without versions.
    await this.em.nativeUpdate(
      Invoice,
      { id: invoiceId, templateVersion: null },
      { templateVersion: current.templateVersionId, logoVersion: current.logoVersionId },
    );
    // Another instance may have fixed it first: what the row says wins.
    const [row] = await this.db.select(this.fixedVersionsSql, [invoiceId]);
    const fixed = row === undefined ? null : fixedVersionsOf(row);
    if (fixed === null) throw new Error(`invoice ${invoiceId} has no template version fixed`);
    return fixed;
  }

  /**
   * The versions current now for a document type, stored (for a document issued while its
   * template was unreadable: its first printable copy is the original). Throws TemplateReadError
   * when the template still cannot be read.
   */
  storeCurrent(companyCode: string, documentType: DocumentType): Promise<FixedVersions> {
    return storeCurrentVersions(this.em, this.config.templatesDir, companyCode, documentType, this.logger);
  }

  /** The stored template with the stored logo put in, read from the database once per process. */
  preparedTemplate(versions: FixedVersions): Promise<OdtPackage> {
    const key = `${versions.templateVersionId}:${versions.logoVersionId ?? '-'}`;
    let entry = this.prepared.get(key);
    if (entry === undefined) {
      entry = this.loadPrepared(versions);
      entry.catch(() => this.prepared.delete(key));
      this.prepared.set(key, entry);
    }
    return entry;
  }

  private async loadPrepared({ templateVersionId, logoVersionId }: FixedVersions): Promise<OdtPackage> {
    const em = this.em.fork();
    const ids = logoVersionId === null ? [templateVersionId] : [templateVersionId, logoVersionId];
    const rows = await em.find(TemplateVersion, { id: { $in: ids } }, { populate: ['content'] });
    const content = (id: number) => {
      const row = rows.find((r) => r.id === id);
      if (row === undefined) throw new Error(`template version ${id} does not exist`);
      return row.content;
    };
    const template = await parseOdtPackage(content(templateVersionId), `template version ${templateVersionId}`);
    return applyLogo(template, logoVersionId === null ? undefined : content(logoVersionId));
  }
}
