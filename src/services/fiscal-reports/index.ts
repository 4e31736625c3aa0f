/**
 * Fiscal reports: the sales register, the month's ISV summary, unused numbers and the numbering
 * audit, as tables written to CSV or XLSX; and the month's archive (every PDF and report, one ZIP).
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { fiscalReportsModule } from './fiscal-reports.module';
export { MonthArchiveService, type ArchiveProgress } from './month-archive/month-archive.service';
export {
  MONTH_SUMMARY_FORMATS,
  MonthSummaryService,
  monthSummaryJson,
  type MonthSummary,
  type MonthSummaryFormat,
} from './month-summary.service';
export { NumberingAuditService, type AuditResult } from './numbering-audit/numbering-audit.service';
export { parseFormat, type ReportColumn, type ReportFormat, type ReportTable } from './report-table';
export { REPORT_MEDIA_TYPES, REPORT_WRITERS, reportBytes } from './report-writers';
export { SalesRegisterService } from './sales-register.service';
export { readTable } from './table-readers';
export { UnusedNumbersService } from './unused-numbers.service';
