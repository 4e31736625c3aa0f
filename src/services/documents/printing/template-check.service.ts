import { inject, injectable } from 'inversify';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../../domain/document-type';
import { Company, Establishment } from '../../../entities';
import type { CompanyLogo } from '../../../pdf/company-template';
import { readTemplateFile, TemplateReadError } from '../../../pdf/odt-package';
import type { PdfRenderer } from '../../../pdf/pdf-renderer';
import { checkTemplate, type TemplateBytes, type TemplateCheckResult } from '../../../pdf/template-check';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { TOKENS } from '../../../tokens';
import { issuerOf } from './printed-issuer';
import type { CompanyRef } from '../../../domain/company-ref';
import { TemplateVersionStore } from '../template-versions/template-version-store';

export interface CompanyTemplateCheck extends TemplateCheckResult {
  /** The template checked: the file given, else the one the company's documents of the type use. */
  file: string;
  /** Why no sample was rendered, when LibreOffice is not there. */
  unavailableReason?: string;
}

/** A letterhead to check: a template and the logo it would print with. */
export interface LetterheadCandidate {
  template: TemplateBytes;
  logo: CompanyLogo;
}

/**
 * `admin template check` and every letterhead publish: tries a company's letterhead (or a
 * candidate) the way its documents will be rendered, with its own name, RTN, addresses and logo.
 */
@injectable()
export class TemplateCheckService {
  private readonly companyColumns;
  private readonly establishmentColumns;
  private readonly companySql: string;
  private readonly establishmentSql: string;

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
    @inject(TemplateVersionStore) private readonly versions: TemplateVersionStore,
  ) {
    this.companyColumns = leanSelect(db, Company, 'c', ['name', 'tradeName', 'rtn', 'address', 'phone', 'email']);
    this.establishmentColumns = leanSelect(db, Establishment, 'e', ['code', 'name', 'address']);
    this.companySql = `SELECT ${this.companyColumns.columns} FROM ${tableOf(db, Company)} c WHERE c.\`id\` = ?`;
    // The sample prints from the company's first live establishment, as its documents would.
    this.establishmentSql =
      `SELECT ${this.establishmentColumns.columns} FROM ${tableOf(db, Establishment)} e` +
      ' WHERE e.`company_id` = ? AND e.`deleted_at` IS NULL ORDER BY e.`code` ASC LIMIT 1';
  }

  /**
   * The template file given, with the company's current logo, else the company's current
   * letterhead (published, or its files). Starts the renderer when it is not running (for a
   * readable template); the caller stops it.
   */
  async check(ref: CompanyRef, documentType: DocumentType, file?: string): Promise<CompanyTemplateCheck> {
    let template: TemplateBytes;
    try {
      template =
        file === undefined ? await this.versions.templateNow(ref.code, documentType) : { name: file, data: await readTemplateFile(file) };
    } catch (err) {
      if (!(err instanceof TemplateReadError)) throw err;
      const current = `the current ${DOCUMENT_TYPE_INFO[documentType].noun} letterhead of ${ref.code}`;
      return { problems: [err.message], rendered: false, pdf: null, file: file ?? current };
    }
    return this.checkCandidate(ref, documentType, { template, logo: await this.versions.logoNow(ref.code, documentType) });
  }

  /** A candidate letterhead, checked and printed on a sample document with the company's data. */
  async checkCandidate(ref: CompanyRef, documentType: DocumentType, candidate: LetterheadCandidate): Promise<CompanyTemplateCheck> {
    const [[companyRow], [establishmentRow]] = await this.db.selectBatch([
      [this.companySql, [ref.id]],
      [this.establishmentSql, [ref.id]],
    ]);
    if (companyRow === undefined) throw new Error(`company ${ref.code} (id ${ref.id}) does not exist`);
    const company = this.companyColumns.read(companyRow);
    const establishment =
      establishmentRow === undefined
        ? { code: '000', name: null, address: company.address }
        : this.establishmentColumns.read(establishmentRow);
    const issuer = issuerOf(company, establishment);
    const result = await checkTemplate(documentType, candidate.template, candidate.logo, this.renderer, issuer);
    const unavailableReason = this.renderer.unavailableReason;
    return { ...result, file: candidate.template.name, ...(unavailableReason === undefined ? {} : { unavailableReason }) };
  }
}
