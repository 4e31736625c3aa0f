import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import type { DocumentType } from '../../domain/document-type';
import { parseDocumentType } from '../../services/operator-input/operator-arguments';
import { CompanyDirectory } from '../../services/company-directory.service';
import { TemplateCheckService } from '../../services/template-check.service';
import { TOKENS } from '../../tokens';
import type { CommandRegistrar } from './index';

/** template check: catch a broken letterhead before an invoice is printed with it (templates/README.md). */
export const registerTemplateCommands: CommandRegistrar = (program: Command, run) => {
  const template = program.command('template').description('Invoice templates (letterheads) operators edit in LibreOffice.');

  template
    .command('check')
    .description('Check a template: required fields present, no unknown field, a usable logo, and a sample document that renders.')
    .requiredOption('--company <code>', 'company code (its letterhead, logo and issuer data are used)')
    .option('--file <path>', 'a candidate template to check instead of the one the company uses now')
    .option(
      '--document <type>',
      'which document the template prints: invoice, creditNote or debitNote',
      parseDocumentType,
      'invoice' as DocumentType,
    )
    .action((opts: { company: string; file?: string; document: DocumentType }) =>
      run(async ({ container, out }) => {
        try {
          const company = await container.get(CompanyDirectory).byCode(opts.company);
          const result = await container.get(TemplateCheckService).check(company, opts.document, opts.file);
          if (result.problems.length > 0)
            throw new AppError('TEMPLATE_BROKEN', `template ${result.file} is broken: ${result.problems.join('; ')}`);
          const scope = result.rendered
            ? ''
            : ` (fields only: no sample rendered, ${result.unavailableReason ?? 'LibreOffice unavailable'})`;
          out(`template OK: ${result.file}${scope}`);
        } finally {
          await container.get<PdfRenderer>(TOKENS.PdfRenderer).stop();
        }
      }),
    );
};
