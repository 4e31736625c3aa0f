import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../config/config';
import type { DocumentType } from '../domain/document-type';
import { Company, Establishment } from '../entities';
import { readCompanyLogo } from '../pdf/company-template';
import type { PdfRenderer } from '../pdf/pdf-renderer';
import { checkTemplate, type TemplateCheckResult } from '../pdf/template-check';
import { resolveTemplate } from '../pdf/template-resolver';
import { TOKENS } from '../tokens';
import { issuerOf } from './invoicing/printed-invoice';
import type { CompanyRef } from './company-directory.service';

export interface CompanyTemplateCheck extends TemplateCheckResult {
  /** The template checked: the file given, else the one the company's documents of the type use. */
  file: string;
  /** Why no sample was rendered, when LibreOffice is not there. */
  unavailableReason?: string;
}

/**
 * `admin template check`: tries a company's letterhead (or a candidate file) the way its
 * invoices will be rendered, with its own name, RTN, addresses and logo.
 */
@injectable()
export class TemplateCheckService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
  ) {}

  /** Starts the renderer when it is not running (for a readable template); the caller stops it. */
  async check(ref: CompanyRef, documentType: DocumentType, file?: string): Promise<CompanyTemplateCheck> {
    const company = await this.em.findOneOrFail(Company, ref.id);
    const { templatesDir } = this.config;
    const templateFile = file ?? resolveTemplate(templatesDir, company.code, documentType);
    const logo = await readCompanyLogo(templatesDir, company.code);
    const establishment = await this.em.findOne(Establishment, { company, deletedAt: null }, { orderBy: { code: 'asc' } });
    const issuer = issuerOf(company, establishment ?? { code: '000', name: null, address: company.address });
    const result = await checkTemplate(documentType, templateFile, logo, this.renderer, issuer);
    const unavailableReason = this.renderer.unavailableReason;
    return { ...result, file: templateFile, ...(unavailableReason === undefined ? {} : { unavailableReason }) };
  }
}
