/**
 * The company: its directory, its setup file, its CAI ranges (status and alerts) and its overview.
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { CaiCancellationService, type CaiCancellation } from './cai-ranges/cai-cancellation.service';
export { CaiStatusService, type CaiStatusReport } from './cai-ranges/cai-status.service';
export { companyCaiRanges } from './cai-ranges/company-cai-ranges';
export { CompanyDirectory } from './company-directory.service';
export { CompanyOverview, type CaiRangeOutlook, type CompanySummary } from './company-overview.service';
export { companyModule } from './company.module';
export { CompanySetupService, type ApplySummary } from './setup/company-setup.service';
export { planLine, type ChangeAction, type SetupChange } from './setup/setup-changes';
export type { PriceSpec, ProductSpec, SetupDocument } from './setup/setup-document';
export { SetupExport } from './setup/setup-export.service';
export { CatalogSheets, type CatalogOutcome } from './setup/catalog-sheets.service';
export type { CatalogColumn, CatalogSheet, SheetProblem, SheetRowChange } from './setup/catalog-sheet';
export { readSetupFile, setupYaml } from './setup/setup-file';
export { SetupValidationError } from './setup/setup-validation-error';
export { CatalogView, PRODUCTS_SHOWN, type ProductView } from './setup/catalog-view.service';
export {
  CompanySetupView,
  type EstablishmentView,
  type IntegrationView,
  type NamedView,
  type SetupOverview,
} from './setup/setup-view.service';
