import type { Command } from 'commander';
import {
  ClientEditor,
  ClientExonerationService,
  type ClientChanges,
  type ClientFieldChanges,
  type ClientFieldNames,
  type ExonerationReferenceNames,
} from '../../services/sales';
import { AppError } from '../../domain/app-error';
import { CompanyDirectory } from '../../services/company';
import type { CommandRegistrar } from './index';
import { parseId } from '../../domain/operator-arguments';

/** The references as the operator gives them here, named in the refusal that asks for one. */
const FLAG_NAMES: ExonerationReferenceNames = {
  certificate: 'the exoneration certificate (--certificate)',
  sagRegistry: 'the Registro SAG number (--sag-registry)',
};

/** The fields as the operator gives them to `client update`, named so in its refusals. */
const FIELD_FLAGS: Required<ClientFieldNames> = {
  clientName: '--name',
  email: '--email',
  legalId: '--legal-id',
  phone: '--phone',
  address: '--address',
};

interface UpdateOptions {
  company: string;
  id: string;
  name?: string;
  email?: string;
  /** A string sets it, false (`--no-legal-id`) clears it, undefined keeps it; so for phone and address. */
  legalId?: string | false;
  phone?: string | false;
  address?: string | false;
}

/** The options as a change: a `--no-X` clears the field; refused when it names no field at all. */
function changesOf(opts: UpdateOptions): ClientChanges {
  const clearable = (value: string | false | undefined) => (value === false ? null : value);
  const changes: ClientChanges = {
    clientName: opts.name,
    email: opts.email,
    legalId: clearable(opts.legalId),
    phone: clearable(opts.phone),
    address: clearable(opts.address),
  };
  if (Object.values(changes).every((v) => v === undefined)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'give at least one change: --name, --email, --legal-id or --no-legal-id, --phone or --no-phone, --address or --no-address',
    );
  }
  return changes;
}

/** What changed, for one line: `email a@b.hn -> c@d.hn; phone none -> 2222-0000`. */
function describeChanges(changed: ClientFieldChanges): string {
  const shown = (value: string | null) => (value === null ? 'none' : value);
  return Object.entries(changed)
    .map(([field, change]) => `${FIELD_FLAGS[field as keyof ClientFieldNames].slice(2)} ${shown(change.from)} -> ${shown(change.to)}`)
    .join('; ');
}

/** client update | delete | exonerate | clear-exoneration (decision 8). */
export const registerClientCommands: CommandRegistrar = (program: Command, run) => {
  const client = program.command('client').description("Manage operator-side data of a company's clients.");

  client
    .command('update')
    .description(
      'Correct a client (the rules of POST /v1/clients). Issued documents keep the buyer they were printed with; later ones print the new data.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'client id, as returned by POST /v1/clients or GET /v1/clients')
    .option('--name <text>', "the client's name (clientName)")
    .option('--email <address>', "the client's e-mail")
    .option('--legal-id <rtn>', "the client's RTN: 14 digits")
    .option('--no-legal-id', 'remove the RTN')
    .option('--phone <text>', "the client's phone")
    .option('--no-phone', 'remove the phone')
    .option('--address <text>', "the client's address")
    .option('--no-address', 'remove the address')
    .action((opts: UpdateOptions) =>
      run(async ({ container, out, actor }) => {
        const changes = changesOf(opts);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { client: updated, changed } = await container
          .get(ClientEditor)
          .update(actor, company, parseId(opts.id, '--id'), changes, FIELD_FLAGS);
        out(
          Object.keys(changed).length === 0
            ? `client ${updated.id} of ${opts.company} already has these values: nothing changed`
            : `client ${updated.id} of ${opts.company} updated: ${describeChanges(changed)}`,
        );
      }),
    );

  client
    .command('delete')
    .description(
      "Delete a client: gone for the API (its list, a sale's clientId), its exoneration removed, its RTN free for a new client; its documents stay as they are.",
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'client id')
    .action((opts: { company: string; id: string }) =>
      run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const deleted = await container.get(ClientEditor).delete(actor, company, parseId(opts.id, '--id'));
        out(`client ${deleted.id} (${deleted.clientName}) of ${opts.company} deleted`);
      }),
    );

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
