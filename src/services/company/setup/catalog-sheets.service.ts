import { inject, injectable } from 'inversify';
import type { Actor } from '../../../domain/actor';
import type { CompanyRef } from '../../../domain/company-ref';
import {
  type CatalogSections,
  type CatalogSheet,
  catalogDocument,
  catalogSheet,
  type SheetProblem,
  type SheetRowChange,
  sheetChanges,
  sheetProblems,
} from './catalog-sheet';
import { type ApplySummary, CompanySetupService } from './company-setup.service';
import { SetupExport } from './setup-export.service';
import { SetupValidationError } from './setup-validation-error';

const CATALOG_SECTIONS = ['products', 'priceLists', 'productMappings'];

/** What an uploaded catalog changes (or changed), by row, or why it cannot be applied; nothing is written when `problems` has any. */
export interface CatalogOutcome {
  rows: SheetRowChange[];
  problems: SheetProblem[];
  summary?: ApplySummary;
}

/**
 * The catalog spreadsheet of a company (decision 77): the table to download, and an edited one
 * previewed and applied through the setup service (the same checks, one transaction, one
 * `setup-changed` trail row). Reading and writing the file's bytes is the caller's: this service
 * takes and gives rows of cells.
 */
@injectable()
export class CatalogSheets {
  constructor(
    @inject(SetupExport) private readonly exporter: SetupExport,
    @inject(CompanySetupService) private readonly setup: CompanySetupService,
  ) {}

  async sheet(company: CompanyRef): Promise<CatalogSheet> {
    return catalogSheet(await this.catalog(company));
  }

  /** What applying the table would change; writes nothing. */
  preview(actor: Actor, company: CompanyRef, table: string[][]): Promise<CatalogOutcome> {
    return this.run(actor, company, table, false);
  }

  /** Applies the table in one transaction, or nothing when it has a problem. */
  apply(actor: Actor, company: CompanyRef, table: string[][]): Promise<CatalogOutcome> {
    return this.run(actor, company, table, true);
  }

  private async run(actor: Actor, company: CompanyRef, table: string[][], write: boolean): Promise<CatalogOutcome> {
    const read = catalogDocument(company.code, table, await this.catalog(company));
    if ('problems' in read) return { rows: [], problems: read.problems };
    const { document, origins } = read.upload;
    try {
      const summary = write ? await this.setup.apply(actor, document) : await this.setup.plan(actor, document);
      return { rows: sheetChanges(summary.changes, origins), problems: [], summary };
    } catch (err) {
      if (err instanceof SetupValidationError) return { rows: [], problems: sheetProblems(err.problems, origins) };
      throw err;
    }
  }

  private async catalog(company: CompanyRef): Promise<CatalogSections> {
    return await this.exporter.document(company, CATALOG_SECTIONS);
  }
}
