import type { Command } from 'commander';
import { ClientExonerationService, type ExonerationReferenceNames } from '../../services/sales';
import { CompanyDirectory } from '../../services/company';
import type { CommandRegistrar } from './index';
import { parseId } from '../../domain/operator-arguments';

/** The references as the operator gives them here, named in the refusal that asks for one. */
const FLAG_NAMES: ExonerationReferenceNames = {
  certificate: 'the exoneration certificate (--certificate)',
  sagRegistry: 'the Registro SAG number (--sag-registry)',
};

/** client exonerate | clear-exoneration (decision 8). */
export const registerClientCommands: CommandRegistrar = (program: Command, run) => {
  const client = program.command('client').description("Manage operator-side data of a company's clients.");

  client
    .command('exonerate')
    .description(
      "Record a client's exoneration: its Constancia del Registro de Exonerados and/or its Registro SAG number (at least one; " +
        'one not given is cleared), printed on its invoices, which are exonerated (no ISV) through the valid-until day.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--client-id <n>', 'client id, as returned by POST /v1/clients or GET /v1/clients')
    .option('--certificate <number>', 'No. of the Constancia del Registro de Exonerados')
    .option('--sag-registry <number>', 'No. identificativo del Registro de la SAG')
    .requiredOption('--valid-until <date>', 'last day the exoneration is valid, YYYY-MM-DD (Honduras calendar, inclusive)')
    .action((opts: { company: string; clientId: string; certificate?: string; sagRegistry?: string; validUntil: string }) =>
      run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const updated = await container
          .get(ClientExonerationService)
          .exonerate(
            actor,
            company,
            parseId(opts.clientId, '--client-id'),
            { certificate: opts.certificate, sagRegistry: opts.sagRegistry },
            opts.validUntil,
            FLAG_NAMES,
          );
        const references = [
          ...(updated.exonerationCertificate === null ? [] : [`certificate ${updated.exonerationCertificate}`]),
          ...(updated.exonerationSagRegistry === null ? [] : [`SAG registry ${updated.exonerationSagRegistry}`]),
        ];
        out(
          `client ${updated.id} (${updated.clientName}) of ${opts.company} exonerated: ${references.join(', ')}, valid until ${updated.exonerationValidUntil}`,
        );
      }),
    );

  client
    .command('clear-exoneration')
    .description("Remove a client's exoneration; its next sales are taxed normally.")
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--client-id <n>', 'client id')
    .action((opts: { company: string; clientId: string }) =>
      run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const updated = await container.get(ClientExonerationService).clear(actor, company, parseId(opts.clientId, '--client-id'));
        out(`client ${updated.id} (${updated.clientName}) of ${opts.company} is no longer exonerated`);
      }),
    );
};
