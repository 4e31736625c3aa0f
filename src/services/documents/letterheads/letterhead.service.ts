import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { ActivityAction } from '../../../domain/activity-action';
import { actorName, type Actor } from '../../../domain/actor';
import { AppError } from '../../../domain/app-error';
import { DOCUMENT_TYPE_INFO, DOCUMENT_TYPES, type DocumentType } from '../../../domain/document-type';
import { Company, LetterheadPublication, TemplateVersion, type LetterheadAction } from '../../../entities';
import { logoOf, type CompanyLogo } from '../../../pdf/company-template';
import { TemplateReadError } from '../../../pdf/odt-package';
import type { TemplateBytes } from '../../../pdf/template-check';
import type { CompanyRef } from '../../../domain/company-ref';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { TOKENS } from '../../../tokens';
import { TemplateCheckService, type CompanyTemplateCheck } from '../printing/template-check.service';
import { sha256 } from '../template-versions/stored-versions';
import { TemplateVersionStore } from '../template-versions/template-version-store';
import { ActivityTrail } from '../../access';
import { publicationView, type LetterheadPublicationView, type LetterheadState } from './letterhead-views';

/** The activity trail's name for each kind of publication row. */
const ACTIVITY_OF: Record<LetterheadAction, ActivityAction> = {
  published: 'letterhead-published',
  'rolled-back': 'letterhead-rolled-back',
};

/**
 * The logo a candidate prints with: its bytes, `null` for none, or `undefined` to keep the logo
 * the company's documents of the type print with now (published, else `companies/<CODE>/logo.png`).
 */
export type LogoChoice = TemplateBytes | null | undefined;

/**
 * Letterheads published once for every instance (decision 56): a checked template and logo,
 * stored as versions, made the company's current ones for a document type by a row of
 * `letterhead_publications`; the newest row wins over the files of TEMPLATES_DIR. The CLI and the
 * operator console call these same functions with the actor their caller is; each publish and
 * rollback writes its activity row in its own transaction.
 */
@injectable()
export class LetterheadService {
  private readonly publicationColumns;
  private readonly templateColumns;
  private readonly logoColumns;
  private readonly historySql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TemplateCheckService) private readonly checks: TemplateCheckService,
    @inject(TemplateVersionStore) private readonly versions: TemplateVersionStore,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.publicationColumns = leanSelect(db, LetterheadPublication, 'p', ['id', 'documentType', 'action', 'publishedAt', 'publishedBy']);
    this.templateColumns = leanSelect(db, TemplateVersion, 'tv', ['sha256'], 'template_');
    this.logoColumns = leanSelect(db, TemplateVersion, 'lv', ['sha256'], 'logo_');
    const versionTable = tableOf(db, TemplateVersion);
    this.historySql =
      `SELECT ${this.publicationColumns.columns}, ${this.templateColumns.columns}, ${this.logoColumns.columns}` +
      ` FROM ${tableOf(db, LetterheadPublication)} p JOIN ${versionTable} tv ON tv.\`id\` = p.\`template_version_id\`` +
      ` LEFT JOIN ${versionTable} lv ON lv.\`id\` = p.\`logo_version_id\`` +
      ' WHERE p.`company_id` = ? AND p.`document_type` = ? ORDER BY p.`id` DESC LIMIT ?';
  }

  /**
   * Checks the candidate as `admin template check` does and prints the sample document with it,
   * without storing anything: what the operator looks at before publishing. Starts the renderer
   * when it is not running.
   */
  async candidatePreview(
    company: CompanyRef,
    documentType: DocumentType,
    odt: TemplateBytes,
    logo?: LogoChoice,
  ): Promise<CompanyTemplateCheck> {
    const candidate = { template: odt, logo: await this.candidateLogo(company, documentType, logo) };
    return this.checks.checkCandidate(company, documentType, candidate);
  }

  /**
   * Makes the candidate the company's letterhead for the document type, for the next document any
   * instance prints. Refused when the check finds a problem (TEMPLATE_BROKEN) or no sample could be
   * rendered (PDF_RENDER_FAILED): then nothing is stored.
   */
  async publish(
    company: CompanyRef,
    documentType: DocumentType,
    odt: TemplateBytes,
    logo: LogoChoice,
    actor: Actor,
  ): Promise<LetterheadPublicationView> {
    const candidateLogo = await this.candidateLogo(company, documentType, logo);
    const check = await this.checks.checkCandidate(company, documentType, { template: odt, logo: candidateLogo });
    if (check.problems.length > 0) {
      throw new AppError('TEMPLATE_BROKEN', `template ${odt.name} is broken: ${check.problems.join('; ')}; nothing was published`);
    }
    if (!check.rendered) {
      throw new AppError(
        'PDF_RENDER_FAILED',
        `no sample ${DOCUMENT_TYPE_INFO[documentType].noun} could be rendered to check ${odt.name} (${check.unavailableReason ?? 'LibreOffice unavailable'}); nothing was published`,
      );
    }
    // Versions are stored before the transaction, as issuing does: an unused version harms nothing.
    const versions = await this.versions.store(odt.data, candidateLogo.data ?? null, odt.name);
    return this.appendPublication(company, documentType, actor, 'published', async (em, current) => ({
      templateVersion: em.getReference(TemplateVersion, versions.templateVersionId),
      logoVersion: versions.logoVersionId === null ? null : em.getReference(TemplateVersion, versions.logoVersionId),
      previous: current,
    }));
  }

  /**
   * Makes the letterhead published before the current one current again, by a new row (the
   * history keeps both). LETTERHEAD_NO_PREVIOUS when there is none.
   */
  async rollback(company: CompanyRef, documentType: DocumentType, actor: Actor): Promise<LetterheadPublicationView> {
    return this.appendPublication(company, documentType, actor, 'rolled-back', async (em, current) => {
      const restored = current?.previous ?? null;
      if (current === null || restored === null) {
        const noun = DOCUMENT_TYPE_INFO[documentType].noun;
        throw new AppError(
          'LETTERHEAD_NO_PREVIOUS',
          current === null
            ? `company ${company.code} has published no ${noun} letterhead: there is nothing to roll back`
            : `company ${company.code} has no ${noun} letterhead published before the current one to roll back to`,
        );
      }
      const { templateVersion, logoVersion, previous } = await em.findOneOrFail(LetterheadPublication, restored.id);
      return { templateVersion, logoVersion, previous };
    });
  }

  /** What each document type prints with now, in DOCUMENT_TYPES order. */
  async current(company: CompanyRef): Promise<LetterheadState[]> {
    const states: LetterheadState[] = [];
    for (const documentType of DOCUMENT_TYPES) {
      const [row] = await this.history(company, documentType, 1);
      if (row !== undefined) {
        states.push({ documentType, source: 'published', sha256: row.sha256, publication: row, file: null });
        continue;
      }
      try {
        const template = await this.versions.templateNow(company.code, documentType);
        states.push({ documentType, source: 'files', sha256: sha256(template.data), publication: null, file: template.name });
      } catch (err) {
        if (!(err instanceof TemplateReadError)) throw err;
        states.push({ documentType, source: 'files', sha256: null, publication: null, file: err.message });
      }
    }
    return states;
  }

  /** The company's publications of a document type, newest (the current one) first. */
  async history(company: CompanyRef, documentType: DocumentType, limit = 100): Promise<LetterheadPublicationView[]> {
    const rows = await this.db.select(this.historySql, [company.id, documentType, limit]);
    return rows.map((row) => ({
      ...this.publicationColumns.read(row),
      sha256: this.templateColumns.read(row).sha256,
      logoSha256: row.logo_sha256 === null ? null : this.logoColumns.read(row).sha256,
    }));
  }

  /**
   * The template the company's documents of the type print with now, to edit in LibreOffice:
   * the published one, else its file. TEMPLATE_BROKEN when that file cannot be read.
   */
  async currentTemplate(company: CompanyRef, documentType: DocumentType): Promise<TemplateBytes> {
    try {
      return await this.versions.templateNow(company.code, documentType);
    } catch (err) {
      if (err instanceof TemplateReadError) throw new AppError('TEMPLATE_BROKEN', err.message);
      throw err;
    }
  }

  private async candidateLogo(company: CompanyRef, documentType: DocumentType, logo: LogoChoice): Promise<CompanyLogo> {
    if (logo === undefined) return this.versions.logoNow(company.code, documentType);
    return logo === null ? { file: undefined } : logoOf(logo.name, logo.data);
  }

  /**
   * Adds one row to the company's publications of the type, with its activity row, in one
   * transaction. The company's row is locked first, so publishes and rollbacks of one company
   * take turns on every instance: each sees the row the one before it added as the current one.
   * The flush moves the company's `letterheads` counter (read-dependencies.ts).
   */
  private appendPublication(
    company: CompanyRef,
    documentType: DocumentType,
    actor: Actor,
    action: LetterheadAction,
    versionsOf: (
      em: EntityManager,
      current: LetterheadPublication | null,
    ) => Promise<Pick<LetterheadPublication, 'templateVersion' | 'logoVersion' | 'previous'>>,
  ): Promise<LetterheadPublicationView> {
    return this.em.fork().transactional(async (em) => {
      const owner = await em.findOneOrFail(Company, company.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const current = await em.findOne(LetterheadPublication, { company: owner, documentType }, { orderBy: { id: 'desc' } });
      const row = em.create(LetterheadPublication, {
        company: owner,
        documentType,
        action,
        ...(await versionsOf(em, current)),
        publishedAt: new Date(),
        publishedBy: actorName(actor),
      });
      await em.flush();
      await em.populate(row, ['templateVersion', 'logoVersion']);
      const view = publicationView(row);
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: ACTIVITY_OF[action],
        target: `${DOCUMENT_TYPE_INFO[documentType].noun} letterhead`,
        details: { document: documentType, publicationId: view.id, sha256: view.sha256, logoSha256: view.logoSha256 },
        at: row.publishedAt,
      });
      return view;
    });
  }
}
