import type { Command } from 'commander';
import { CompanyDirectory } from '../../services/company-directory.service';
import { InvoiceAnnulmentService } from '../../services/invoicing/invoice-annulment.service';
import type { CommandRegistrar } from './index';
import { parseId } from './option-parsers';

/** invoice annul (decision 16); annulment is never offered through the API. */
export const registerInvoiceCommands: CommandRegistrar = (program: Command, run) => {
  const invoice = program.command('invoice').description('Operator actions on issued invoices.');

  invoice
    .command('annul')
    .description('Annul an issued invoice: its number stays used and its PDF is marked ANULADA. Annulling twice changes nothing.')
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'invoice id (the API id, not the printed number)')
    .action((opts: { company: string; id: string }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { invoice: annulled, alreadyAnnulled } = await container.get(InvoiceAnnulmentService).annul(company, parseId(opts.id));
        const name = `invoice ${annulled.id} (${annulled.fiscalNumber}) of ${opts.company}`;
        out(
          alreadyAnnulled
            ? `${name} was already annulled on ${annulled.annulledAt?.toISOString() ?? 'an unknown date'}`
            : `annulled ${name}`,
        );
      }),
    );
};
