import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from '../../domain/operator-role';
import { CompanyDirectory } from '../../services/company';
import { OperatorAccounts, OperatorSummary } from '../../services/access';
import { readFirstLine } from '../stdin-line';
import type { CommandRegistrar } from './index';

function parseRole(value: string): OperatorRole {
  if (!isOperatorRole(value)) throw new AppError('VALIDATION_FAILED', `--role must be one of ${OPERATOR_ROLES.join(', ')}, got "${value}"`);
  return value;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The password given on stdin, or undefined for a generated one (printed as the only line of stdout). */
async function chosenPassword(fromStdin: boolean | undefined): Promise<string | undefined> {
  return fromStdin ? readFirstLine(process.stdin) : undefined;
}

function line(o: OperatorSummary): string {
  const companies = o.role === 'admin' ? '*' : o.companies.join(',') || '-';
  return `${o.email} ${o.role} ${o.disabled ? 'disabled' : 'active'} companies=${companies} name=${o.name}`;
}

/** operator add | list | disable | reset-password | unlock: the people who sign in to the console (decisions 58, 67). */
export const registerOperatorCommands: CommandRegistrar = (program: Command, run) => {
  const operator = program
    .command('operator')
    .description('Console operators: administrators see every company; accountants the companies granted.');

  operator
    .command('add')
    .description('Add a console operator and print a generated password, once, alone on stdout (or read one with --password-stdin).')
    .requiredOption('--email <email>', 'what the operator signs in with')
    .requiredOption('--name <name>', 'full name, shown in the console and the activity trail')
    .requiredOption('--role <role>', OPERATOR_ROLES.join(' | '))
    .option('--company <code>', 'a company an accountant may see (repeat for several)', collect, [] as string[])
    .option('--password-stdin', `read the password from the first line of stdin (at least 12 characters)`)
    .action((opts: { email: string; name: string; role: string; company: string[]; passwordStdin?: boolean }) =>
      run(async ({ container, out, actor }) => {
        const role = parseRole(opts.role);
        const directory = container.get(CompanyDirectory);
        const companies = [];
        for (const code of new Set(opts.company)) companies.push(await directory.byCode(code));
        const password = await chosenPassword(opts.passwordStdin);
        const added = await container.get(OperatorAccounts).add(actor, { email: opts.email, name: opts.name, role, companies, password });
        if (password === undefined) out(added.password);
        else process.stderr.write(`added ${line(added.operator)}\n`);
      }),
    );

  operator
    .command('list')
    .description('List console operators: e-mail, role, active or disabled, companies (* for every one), name. Never a password.')
    .option('--json', 'print a JSON array')
    .action((opts: { json?: boolean }) =>
      run(async ({ container, out }) => {
        const operators = await container.get(OperatorAccounts).list();
        if (opts.json) out(JSON.stringify(operators, null, 2));
        else for (const o of operators) out(line(o));
      }),
    );

  operator
    .command('disable')
    .description('Disable a console operator: it cannot sign in again and its open sessions end at once.')
    .requiredOption('--email <email>', 'the operator')
    .action((opts: { email: string }) =>
      run(async ({ container, out, actor }) => {
        const disabled = await container.get(OperatorAccounts).disable(actor, opts.email);
        out(`disabled ${disabled.email}`);
      }),
    );

  operator
    .command('reset-password')
    .description(
      "Give a console operator a new generated password, printed once alone on stdout; the operator's sessions end and its failed sign-ins are forgotten.",
    )
    .requiredOption('--email <email>', 'the operator')
    .option('--password-stdin', 'read the new password from the first line of stdin instead (at least 12 characters)')
    .action((opts: { email: string; passwordStdin?: boolean }) =>
      run(async ({ container, out, actor }) => {
        const given = await chosenPassword(opts.passwordStdin);
        const { password } = await container.get(OperatorAccounts).resetPassword(actor, opts.email, given);
        if (given === undefined) out(password);
      }),
    );

  operator
    .command('unlock')
    .description(
      'Lift the sign-in refusals of a console operator on every address: its failed sign-ins are forgotten (five from one address within 15 minutes refuse that address, fifty from all refuse every address).',
    )
    .requiredOption('--email <email>', 'the operator')
    .action((opts: { email: string }) =>
      run(async ({ container, out, actor }) => {
        const { operator, cleared } = await container.get(OperatorAccounts).unlock(actor, opts.email);
        out(`unlocked ${operator.email}: ${cleared} failed sign-ins cleared`);
      }),
    );
};
