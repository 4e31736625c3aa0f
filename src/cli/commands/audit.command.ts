import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { CompanyDirectory } from '../../services/company';
import { NumberingAuditService } from '../../services/fiscal-reports';
import type { CommandRegistrar } from './index';

/** audit: the stored record checked against the numbering and totals rules. */
export const registerAuditCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('audit')
    .description(
      "Check a company's stored invoices: per CAI range the numbers are exactly rangeStart..nextNumber-1, once each, " +
        "inside the range; every invoice's stored totals equal the totals engine's result for its stored lines; " +
        "every note's amounts follow from its lines and the live credit notes of an invoice stay within its limits.",
    )
    .requiredOption('--company <code>', 'company code')
    .addHelpText('after', '\nPrints `audit OK: N invoices in R ranges`, or one line per discrepancy (naming the invoice) and exits 1.')
    .action((opts: { company: string }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const result = await container.get(NumberingAuditService).audit(company);
        if (result.discrepancies.length === 0) {
          out(
            result.notes === 0
              ? `audit OK: ${result.invoices} invoices in ${result.ranges} ranges`
              : `audit OK: ${result.invoices} invoices and ${result.notes} notes in ${result.ranges} ranges`,
          );
          return;
        }
        for (const line of result.discrepancies) out(line);
        throw new AppError(
          'AUDIT_DISCREPANCIES',
          `audit found ${result.discrepancies.length} discrepancies in ${result.invoices} invoices of ${opts.company}`,
        );
      }),
    );
};
