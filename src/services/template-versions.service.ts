import { createHash } from 'node:crypto';
import { EntityManager } from '@mikro-orm/mysql';
import { isUniqueViolation } from '../db/unique-violation';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { Invoice, TemplateVersion } from '../entities';
import type { TemplateVersionKind } from '../entities/template-version.entity';
import { readCompanyLogo } from '../pdf/company-template';
import { parseOdtPackage, readTemplateFile, type OdtPackage } from '../pdf/odt-package';
import { applyLogo } from '../pdf/template-logo';
import { resolveTemplate } from '../pdf/template-resolver';
import { TOKENS } from '../tokens';

/** The stored versions an invoice prints with; a null logo means no logo. */
export interface FixedVersions {
  templateVersionId: number;
  logoVersionId: number | null;
}

/** Prepared templates kept per process; versions never change, so an entry never goes stale. */
const PREPARED_CACHE_SIZE = 16;

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The id of the stored version with these bytes, inserted when absent. Insert-if-absent through
 * the unique (kind, sha256) index, so instances storing the same file at once agree on one row.
 * Runs in its own statements, never inside the issuing transaction.
 */
async function storeVersion(em: EntityManager, kind: TemplateVersionKind, content: Buffer, check: () => Promise<unknown> = async () => undefined): Promise<number> {
  const hash = sha256(content);
  const find = async () => (await em.findOne(TemplateVersion, { kind, sha256: hash }, { fields: ['id'], disableIdentityMap: true }))?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  // A stored version was checked when it was stored, so only new bytes pay for the check.
  await check();
  try {
    return await em.insert(TemplateVersion, { kind, sha256: hash, content, byteSize: content.length, createdAt: new Date() });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await find();
    if (winner === undefined) throw err;
    return winner;
  }
}

/**
 * The company's template and logo as they are on disk now, stored as versions. A template that
 * cannot be read or is not an ODT throws TemplateReadError (nothing can print with it); a logo
 * that is missing or not a PNG is no logo, as when rendering from the files.
 */
async function storeCurrentVersions(em: EntityManager, templatesDir: string, companyCode: string, logger: Logger): Promise<FixedVersions> {
  const templateFile = resolveTemplate(templatesDir, companyCode);
  const template = await readTemplateFile(templateFile);
  const logo = await readCompanyLogo(templatesDir, companyCode);
  if (logo.problem !== undefined) logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
  return {
    templateVersionId: await storeVersion(em, 'template', template, () => parseOdtPackage(template, templateFile)),
    logoVersionId: logo.data === undefined ? null : await storeVersion(em, 'logo', logo.data),
  };
}

/**
 * Fixes the versions current now on every invoice that has none: those issued before versions
 * were kept. Runs at start-up right after the migrations, under their lock, so each such invoice
 * gets the letterhead it was printed with until then. Returns how many invoices it fixed.
 */
export async function fixVersionsOfUnversionedInvoices(em: EntityManager, templatesDir: string, logger: Logger): Promise<number> {
  const pending = await em.getConnection().execute<{ company_id: number; code: string }[]>(
    'select distinct i.`company_id`, c.`code` from `invoices` i join `companies` c on c.`id` = i.`company_id` where i.`template_version_id` is null',
  );
  let fixed = 0;
  for (const { company_id: companyId, code } of pending) {
    try {
      const versions = await storeCurrentVersions(em, templatesDir, code, logger);
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
 * The template and logo versions invoices are issued with (Acuerdo 481-2017 Art. 38: copies
 * identical to the original). Issuing stores the versions on disk before its transaction and
 * the invoice records them; every later PDF of the invoice is rendered from them, never from
 * the files. Previews keep rendering from the files.
 */
@injectable()
export class TemplateVersionStore {
  private readonly prepared = new Map<string, Promise<OdtPackage>>();

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /**
   * The company's current versions, stored if new, or null when its template cannot be read
   * (logged): the invoice is still issued, and its first PDF fixes the versions (see fixOn,
   * decision 44).
   */
  async current(companyCode: string): Promise<FixedVersions | null> {
    try {
      return await storeCurrentVersions(this.em, this.config.templatesDir, companyCode, this.logger);
    } catch (err) {
      this.logger.error({ err, companyCode }, 'invoice template unreadable; the invoice is issued without a fixed template version');
      return null;
    }
  }

  /**
   * Makes sure the invoice has its versions: one without any (issued while its template was
   * unreadable, or by an older service) gets the current ones fixed, once for all instances,
   * since the first copy that can be printed is the original. The entity is given the stored
   * ids. Throws TemplateReadError when the template still cannot be read.
   */
  async fixOn(companyCode: string, invoice: Invoice): Promise<void> {
    if (invoice.templateVersion !== null) return;
    const current = await storeCurrentVersions(this.em, this.config.templatesDir, companyCode, this.logger);
    await this.em.nativeUpdate(
      Invoice,
      { id: invoice.id, templateVersion: null },
      { templateVersion: current.templateVersionId, logoVersion: current.logoVersionId },
    );
    // Another instance may have fixed it first: what the row says wins.
    const row = await this.em.fork().findOneOrFail(Invoice, invoice.id, { fields: ['templateVersion', 'logoVersion'] });
    invoice.templateVersion = row.templateVersion && this.em.getReference(TemplateVersion, row.templateVersion.id);
    invoice.logoVersion = row.logoVersion && this.em.getReference(TemplateVersion, row.logoVersion.id);
  }

  /** The stored template with the stored logo put in, read from the database once per process. */
  preparedTemplate(versions: FixedVersions): Promise<OdtPackage> {
    const key = `${versions.templateVersionId}:${versions.logoVersionId ?? '-'}`;
    let entry = this.prepared.get(key);
    if (entry === undefined) {
      entry = this.loadPrepared(versions);
      entry.catch(() => this.prepared.delete(key));
      if (this.prepared.size >= PREPARED_CACHE_SIZE) this.prepared.delete(this.prepared.keys().next().value!);
    } else {
      this.prepared.delete(key); // re-inserted below as the most recently used
    }
    this.prepared.set(key, entry);
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
