import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { CompanyDirectory } from '../../services/company';
import {
  MONTH_SUMMARY_FORMATS,
  MonthSummaryService,
  monthSummaryJson,
  SalesRegisterService,
  UnusedNumbersService,
  parseFormat,
} from '../../services/fiscal-reports';
import { writeFileOrRefuse, writeReport } from '../report-output';
import type { CommandRegistrar } from './index';
import { parseDate, parseMonth } from '../../domain/operator-arguments';

interface ReportOptions {
  company: string;
  format: string;
  out?: string;
}

/** report sales | month | unused: the files an accountant hands to SAR, in Spanish, with exact amounts. */
export const registerReportCommands: CommandRegistrar = (program: Command, run) => {
  const report = program.command('report').description('Fiscal reports for the accountant (CSV or XLSX).');

  report
    .command('sales')
    .description(
      'The sales register (Libro de Ventas): one row per invoice dated in the period (Honduras calendar), annulled ones ' +
        'as ANULADA with amounts 0, and a TOTAL row. CSV is UTF-8 with BOM, RFC 4180, amounts with 2 decimals.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--from <date>', 'first day, YYYY-MM-DD')
    .requiredOption('--to <date>', 'last day, YYYY-MM-DD (inclusive)')
    .option('--format <format>', 'csv or xlsx', 'csv')
    .option('--out <file>', 'write here instead of stdout (written whole or not at all)')
    .action((opts: ReportOptions & { from: string; to: string }) => {
      // Checked before connecting: a bad option writes nothing anywhere.
      const from = parseDate(opts.from, '--from');
      const to = parseDate(opts.to, '--to');
      if (from > to) throw new AppError('VALIDATION_FAILED', `--from ${from} is after --to ${to}`);
      const format = parseFormat(opts.format);
      return run(async ({ container }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const table = await container.get(SalesRegisterService).open(company, from, to);
        await writeReport(table, format, opts.out);
      });
    });

  report
    .command('month')
    .description(
      "The month's figures for the ISV return, from the sales register of the month: per concept (taxed amount and ISV of " +
        'each rate, exempt, exonerated, discounts, total) the invoices, credit notes (positive), debit notes and the net ' +
        '(invoices - credit notes + debit notes, equal to the register TOTAL); then the documents issued and annulled of each type.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--month <month>', 'the month, YYYY-MM')
    .option('--format <format>', 'csv, xlsx or json', 'csv')
    .option('--out <file>', 'write here instead of stdout (written whole or not at all)')
    .action((opts: ReportOptions & { month: string }) => {
      const month = parseMonth(opts.month);
      const format = parseFormat(opts.format, '--format', MONTH_SUMMARY_FORMATS);
      return run(async ({ container }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const summaries = container.get(MonthSummaryService);
        const summary = await summaries.summary(company, month);
        if (format !== 'json') return writeReport(summaries.table(summary), format, opts.out);
        const json = monthSummaryJson(summary);
        if (opts.out === undefined) process.stdout.write(json);
        else await writeFileOrRefuse(opts.out, Buffer.from(json));
      });
    });

  report
    .command('unused')
    .description(
      'Unused numbers to declare to SAR for a month (Art. 42): ranges whose deadline fell in the month (VENCIDO) and ' +
        'ranges of emission points closed in the month (PUNTO CERRADO), with the first and last unused number and the count.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--month <month>', 'the month, YYYY-MM')
    .option('--format <format>', 'csv or xlsx', 'csv')
    .option('--out <file>', 'write here instead of stdout (written whole or not at all)')
    .action((opts: ReportOptions & { month: string }) => {
      const month = parseMonth(opts.month);
      const format = parseFormat(opts.format);
      return run(async ({ container }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const table = await container.get(UnusedNumbersService).table(company, month);
        await writeReport(table, format, opts.out);
      });
    });
};
