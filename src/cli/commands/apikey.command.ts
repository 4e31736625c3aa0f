import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { ApiKeyService, statusOf } from '../../services/access';
import { CompanyDirectory } from '../../services/company';
import type { CommandRegistrar } from './index';
import { parseId } from '../../domain/operator-arguments';

function parseExpiry(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION_FAILED', `--expires-at must be an ISO date or date-time, got "${value}"`);
  return date;
}

/** apikey issue | revoke | list (decision 22). The key is printed once, alone on stdout. */
export const registerApiKeyCommands: CommandRegistrar = (program: Command, run) => {
  const apikey = program.command('apikey').description('Issue, revoke and list API keys of a company (at most 2 active).');

  apikey
    .command('issue')
    .description('Issue a new API key and print it alone on stdout; only its hash is stored, so it is shown once.')
    .requiredOption('--company <code>', 'company code')
    .option('--expires-at <date>', 'optional expiry, ISO 8601')
    .action((opts: { company: string; expiresAt?: string }) =>
      run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { key } = await container.get(ApiKeyService).issue(actor, company, parseExpiry(opts.expiresAt));
        out(key);
      }),
    );

  apikey
    .command('revoke')
    .description('Revoke an API key; it stops working on the next request.')
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'key id, as shown by apikey list')
    .action((opts: { company: string; id: string }) =>
      run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        await container.get(ApiKeyService).revoke(actor, company, parseId(opts.id));
        out(`revoked key ${opts.id} of ${opts.company}`);
      }),
    );

  apikey
    .command('list')
    .description('List the keys of a company: id, prefix, status, created, expires, revoked. Never the key.')
    .requiredOption('--company <code>', 'company code')
    .action((opts: { company: string }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const now = new Date();
        for (const key of await container.get(ApiKeyService).list(company)) {
          const dates = [
            `created=${key.createdAt.toISOString()}`,
            `expires=${key.expiresAt?.toISOString() ?? '-'}`,
            `revoked=${key.revokedAt?.toISOString() ?? '-'}`,
          ];
          out([key.id, key.prefix, statusOf(key, now), ...dates].join(' '));
        }
      }),
    );
};
