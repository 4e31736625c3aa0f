import { EntityManager, type EntityClass } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../../config/config';
import { leanSelect, tableOf, type LeanSelect } from '../../../db/lean-select';
import { CounterCheckedCache } from '../../../db/read-cache';
import type { SqlClient } from '../../../db/sql-client';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../../domain/document-type';
import { TemplateVersion, type IssuedDocumentRecord } from '../../../entities';
import { logoOf, readCompanyLogo, type CompanyLogo } from '../../../pdf/company-template';
import { parseOdtPackage, readTemplateFile, TemplateReadError, type OdtPackage } from '../../../pdf/odt-package';
import type { TemplateBytes } from '../../../pdf/template-check';
import { applyLogo } from '../../../pdf/template-logo';
import { companyLogoPath, resolveTemplate } from '../../../pdf/template-resolver';
import { TOKENS } from '../../../tokens';
import { DOCUMENT_KINDS } from '../document-kinds';
import { FIXED_VERSIONS_COLUMNS, fixedVersions, fixedVersionsJoins, fixedVersionsOf, type FixedVersions } from './fixed-versions';
import { publishedSql, type LetterheadSource } from './published-letterhead';
import { currentVersions, fileStamp, storeFileVersions, storeVersion } from './stored-versions';

/** Prepared templates kept per process; versions never change, so an entry never goes stale. */
const PREPARED_CACHE_SIZE = 16;
/** (company, document type) pairs whose current versions are remembered against their files' stamps. */
const CURRENT_CACHE_SIZE = 256;
/** Memory for the published versions of every company and document type: an entry is a few ids and hashes. */
const PUBLISHED_CACHE_MB = 1;
const PUBLISHED_ENTRY_BYTES = 256;

/**
 * The template and logo versions documents are issued with (Acuerdo 481-2017 Art. 38: copies
 * identical to the original), per company and document type. Issuing stores the versions before
 * its transaction and the document records them; every later PDF of it is rendered from them,
 * never from the files. What a new document prints with is the company's published letterhead
 * of its type when there is one (`admin template publish`, decision 56), else the files of
 * TEMPLATES_DIR; previews follow the same rule without storing anything.
 */
@injectable()
export class TemplateVersionStore {
  private readonly prepared = new LRUCache<string, Promise<OdtPackage>>({ max: PREPARED_CACHE_SIZE });
  /** Per company and document type: the stamps of its template and logo files, and the versions stored for those bytes. */
  private readonly currentByStamp = new LRUCache<string, { stamp: string; versions: FixedVersions }>({ max: CURRENT_CACHE_SIZE });
  /** Per company and document type: its published versions (or none), under the company's `letterheads` counter. */
  private readonly publishedCache = new CounterCheckedCache(PUBLISHED_CACHE_MB);

  private readonly publishedSql: string;
  private readonly contentColumns: LeanSelect<TemplateVersion, 'id' | 'content'>;
  private readonly contentSql: (count: number) => string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    this.publishedSql = publishedSql(db);
    this.contentColumns = leanSelect(db, TemplateVersion, 'v', ['id', 'content']);
    const versions = tableOf(db, TemplateVersion);
    this.contentSql = (count) =>
      `SELECT ${this.contentColumns.columns} FROM ${versions} v WHERE v.\`id\` IN (${Array(count).fill('?').join(', ')})`;
  }

  /**
   * The versions the company published for a document type, or null when it published none (its
   * documents print from the files). With the company's `letterheads` counter as the caller's
   * authentication read it, the answer may come from memory kept under that counter, so a publish
   * by any process is seen by the next request; without one it is read now.
   */
  async published(companyCode: string, documentType: DocumentType, letterheadsRevision?: number): Promise<FixedVersions | null> {
    const read = async () => {
      const [row] = await this.db.select(this.publishedSql, [companyCode, documentType]);
      return row === undefined ? null : fixedVersionsOf(row);
    };
    if (letterheadsRevision === undefined) return read();
    return this.publishedCache.getOrRead(`${companyCode}/${documentType}`, letterheadsRevision, read, () => PUBLISHED_ENTRY_BYTES);
  }

  /**
   * The company's current versions for a document type (the published ones, else its files,
   * stored if new), or null when its template file cannot be read (logged): the document is
   * still issued, and its first PDF fixes the versions (see fixOn, decision 44).
   */
  async current(companyCode: string, documentType: DocumentType, letterheadsRevision?: number): Promise<FixedVersions | null> {
    const published = await this.published(companyCode, documentType, letterheadsRevision);
    if (published !== null) return published;
    // Issuing asks on every invoice: while the files are unchanged (same stamps), the versions
    // stored for them are still the current ones, so two stats replace two reads, two hashes and
    // two lookups. Versions are immutable rows, so a remembered id can never go stale.
    const { templatesDir } = this.config;
    const stamp = `${await fileStamp(resolveTemplate(templatesDir, companyCode, documentType))}|${await fileStamp(companyLogoPath(templatesDir, companyCode))}`;
    const cacheKey = `${companyCode}/${documentType}`;
    const known = this.currentByStamp.get(cacheKey);
    if (known !== undefined && known.stamp === stamp) return known.versions;
    try {
      const versions = await storeFileVersions({ em: this.em, templatesDir, logger: this.logger }, companyCode, documentType);
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
   * The versions of a document that has none (issued while its template was unreadable, or an
   * invoice issued by an older service): the current ones of its type are fixed on it, once for
   * all instances, since the first copy that can be printed is the original. Throws
   * TemplateReadError when the template still cannot be read.
   */
  async fixOn(companyCode: string, documentType: DocumentType, documentId: number): Promise<FixedVersions> {
    const current = await this.storeCurrent(companyCode, documentType);
    const { entity } = DOCUMENT_KINDS[documentType];
    // No read-cache counter moves: the read cache never keeps a document without versions.
    await this.em
      .fork()
      .nativeUpdate(
        entity,
        { id: documentId, templateVersion: null },
        { templateVersion: current.templateVersionId, logoVersion: current.logoVersionId },
      );
    // Another instance may have fixed it first: what the row says wins.
    const [row] = await this.db.select(this.fixedVersionsSql(entity), [documentId]);
    const fixed = row === undefined ? null : fixedVersionsOf(row);
    if (fixed === null) throw new Error(`${DOCUMENT_TYPE_INFO[documentType].noun} ${documentId} has no template version fixed`);
    return fixed;
  }

  private fixedVersionsSql(entity: EntityClass<IssuedDocumentRecord>): string {
    return `SELECT ${FIXED_VERSIONS_COLUMNS} FROM ${tableOf(this.db, entity)} d ${fixedVersionsJoins(this.db, 'd')} WHERE d.id = ?`;
  }

  /**
   * The versions current now for a document type, stored (for a document issued while its
   * template was unreadable: its first printable copy is the original). Throws TemplateReadError
   * when the template still cannot be read.
   */
  storeCurrent(companyCode: string, documentType: DocumentType): Promise<FixedVersions> {
    return currentVersions({ em: this.em, templatesDir: this.config.templatesDir, logger: this.logger }, companyCode, documentType);
  }

  /**
   * Stores a letterhead (a checked template and its logo, or none) as versions, each once
   * however many companies publish the same bytes. Throws TemplateReadError for a template
   * that is not an ODT.
   */
  async store(template: Buffer, logo: Buffer | null, name: string): Promise<FixedVersions> {
    const templateVersion = await storeVersion(this.em, 'template', template, () => parseOdtPackage(template, name));
    const logoVersion = logo === null ? null : await storeVersion(this.em, 'logo', logo);
    return fixedVersions(templateVersion, logoVersion);
  }

  /**
   * The template documents of the type print with now, and where it comes from: the published
   * version, else the company's file (or the default one). Throws TemplateReadError when that
   * file cannot be read.
   */
  async templateNow(companyCode: string, documentType: DocumentType): Promise<TemplateBytes & { source: LetterheadSource }> {
    const published = await this.published(companyCode, documentType);
    if (published !== null) {
      const { template } = await this.contentOf(published);
      return {
        source: 'published',
        name: `the published ${DOCUMENT_TYPE_INFO[documentType].noun} letterhead of ${companyCode}`,
        data: template,
      };
    }
    const file = resolveTemplate(this.config.templatesDir, companyCode, documentType);
    return { source: 'files', name: file, data: await readTemplateFile(file) };
  }

  /** The logo documents of the type print with now: the published one (or none), else the company's logo file. */
  async logoNow(companyCode: string, documentType: DocumentType): Promise<CompanyLogo> {
    const published = await this.published(companyCode, documentType);
    if (published === null) return readCompanyLogo(this.config.templatesDir, companyCode);
    const { logo } = await this.contentOf(published);
    const name = `the published logo of ${companyCode}`;
    return logo === null ? { file: undefined } : logoOf(name, logo);
  }

  /** The bytes of stored versions: the template, and the logo or null. */
  async contentOf({ templateVersionId, logoVersionId }: Pick<FixedVersions, 'templateVersionId' | 'logoVersionId'>): Promise<{
    template: Buffer;
    logo: Buffer | null;
  }> {
    const ids = logoVersionId === null ? [templateVersionId] : [templateVersionId, logoVersionId];
    const rows = (await this.db.select(this.contentSql(ids.length), ids)).map((row) => this.contentColumns.read(row));
    const content = (id: number) => {
      const row = rows.find((r) => r.id === id);
      if (row === undefined) throw new Error(`template version ${id} does not exist`);
      return row.content;
    };
    return { template: content(templateVersionId), logo: logoVersionId === null ? null : content(logoVersionId) };
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

  private async loadPrepared(versions: FixedVersions): Promise<OdtPackage> {
    const { template, logo } = await this.contentOf(versions);
    const pkg = await parseOdtPackage(template, `template version ${versions.templateVersionId}`);
    return applyLogo(pkg, logo ?? undefined);
  }
}
