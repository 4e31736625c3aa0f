import type { Command } from 'commander';
import { CompanyDirectory } from '../../services/company';
import { InvoiceAnnulmentService } from '../../services/sales';
import type { CommandRegistrar } from './index';
import { parseId, parseReason } from '../../domain/operator-arguments';

/** invoice annul (decision 16); annulment is never offered through the API. */
export const registerInvoiceCommands: CommandRegistrar = (program: Command, run) => {
  const invoice = program.command('invoice').description('Operator actions on issued invoices.');

  invoice
    .command('annul')
    .description(
      'Annul an issued invoice (one issued with errors): its number stays used and its PDF is marked ANULADA. Annulling twice changes nothing; an invoice with live notes is refused. ' +
        'Only until day ANNULMENT_DEADLINE_DAY (default 10) of the month after its date; later, a credit note undoes the sale.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'invoice id (the API id, not the printed number)')
    .requiredOption('--reason <text>', 'why (the error it was issued with), 1 to 255 characters; stored with the annulment')
    .action((opts: { company: string; id: string; reason: string }) =>
      run(async ({ container, out, actor }) => {
        const id = parseId(opts.id);
        const reason = parseReason(opts.reason);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { invoice: annulled, alreadyAnnulled } = await container.get(InvoiceAnnulmentService).annul(actor, company, id, reason);
        const name = `invoice ${annulled.id} (${annulled.fiscalNumber}) of ${opts.company}`;
        out(
          alreadyAnnulled
            ? `${name} was already annulled on ${annulled.annulledAt?.toISOString() ?? 'an unknown date'}`
            : `annulled ${name}`,
        );
      }),
    );
};
