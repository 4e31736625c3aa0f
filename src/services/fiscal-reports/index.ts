/**
 * Fiscal reports: the sales register, unused numbers and the numbering audit, as tables written
 * to CSV or XLSX.
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { fiscalReportsModule } from './fiscal-reports.module';
export { NumberingAuditService, type AuditResult } from './numbering-audit/numbering-audit.service';
export { parseFormat, type ReportColumn, type ReportFormat, type ReportTable } from './report-table';
export { REPORT_MEDIA_TYPES, REPORT_WRITERS, reportBytes } from './report-writers';
export { SalesRegisterService } from './sales-register.service';
export { UnusedNumbersService } from './unused-numbers.service';
