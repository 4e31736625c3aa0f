import type { Command } from 'commander';
import { ClientExonerationService } from '../../services/client-exoneration.service';
import type { CommandRegistrar } from './index';
import { parseId } from './option-parsers';

/** client exonerate | clear-exoneration (DESIGN sections 4 and 10). */
export const registerClientCommands: CommandRegistrar = (program: Command, run) => {
  const client = program.command('client').description("Manage operator-side data of a company's clients.");

  client
    .command('exonerate')
    .description("Record a client's exoneration certificate; its sales are exonerated (no ISV) through the valid-until day.")
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--client-id <n>', 'client id, as returned by POST /v1/clients or GET /v1/clients')
    .requiredOption('--certificate <number>', 'exoneration certificate number')
    .requiredOption('--valid-until <date>', 'last day the exoneration is valid, YYYY-MM-DD (Honduras calendar, inclusive)')
    .action((opts: { company: string; clientId: string; certificate: string; validUntil: string }) =>
      run(async ({ container, out }) => {
        const updated = await container
          .get(ClientExonerationService)
          .exonerate(opts.company, parseId(opts.clientId, '--client-id'), opts.certificate, opts.validUntil);
        out(`client ${updated.id} (${updated.clientName}) of ${opts.company} exonerated: certificate ${updated.exonerationCertificate}, valid until ${updated.exonerationValidUntil}`);
      }),
    );

  client
    .command('clear-exoneration')
    .description("Remove a client's exoneration; its next sales are taxed normally.")
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--client-id <n>', 'client id')
    .action((opts: { company: string; clientId: string }) =>
      run(async ({ container, out }) => {
        const updated = await container.get(ClientExonerationService).clear(opts.company, parseId(opts.clientId, '--client-id'));
        out(`client ${updated.id} (${updated.clientName}) of ${opts.company} is no longer exonerated`);
      }),
    );
};
