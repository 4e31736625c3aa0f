import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { CompanyDirectory, CompanySetupService, planLine, readSetupFile, SetupExport, setupYaml } from '../../services/company';
import type { CommandRegistrar } from './index';

/** apply <file> and export --company C: the declarative setup of one company (decisions 30, 76). */
export const registerApplyCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('apply')
    .argument('<file>', 'setup file: .yaml, .yml or .json')
    .option('--dry-run', 'print what would change and write nothing')
    .description("Create or update one company's setup from a YAML or JSON file; repeatable.")
    .addHelpText(
      'after',
      [
        '',
        'An existing company needs only company.code and the entries that change, each with its',
        'key and the fields that change; name and rtn are required to create a company.',
        'Entries are matched by code (CAI ranges by cai, mappings by externalProductId + product,',
        'prices by product) and created or updated; entries absent from the file are left as they',
        "are; `deleted: true` soft-deletes an entry and what is nested under it (an establishment's",
        'emission points and their CAI ranges). The whole file is checked first and written in',
        'one transaction: on any problem nothing is written and each problem is named by its path,',
        'e.g. priceLists[0].prices[3].product: unknown product P-999. Format: docs/company-setup.example.yaml.',
        'Prints `applied <CODE>: N created, N updated, N deleted`, then one line per entry changed,',
        '`create|update|delete <path> (<entry>)`, e.g.',
        '  update priceLists[0].prices[3] (price P-ARROZ in GENERAL)',
        '(the path is where the entry is in the file, indexes from 0). With --dry-run the first line',
        'is `dry run <CODE>: N to create, N to update, N to delete; nothing written`, and nothing is.',
      ].join('\n'),
    )
    .action((file: string, options: { dryRun?: boolean }) => {
      // Read before connecting, so a missing file or a syntax error needs no database.
      const document = readSetupFile(file);
      return run(async ({ container, out, actor }) => {
        const setup = container.get(CompanySetupService);
        const s = options.dryRun ? await setup.plan(actor, document) : await setup.apply(actor, document);
        out(
          options.dryRun
            ? `dry run ${s.companyCode}: ${s.created} to create, ${s.updated} to update, ${s.deleted} to delete; nothing written`
            : `applied ${s.companyCode}: ${s.created} created, ${s.updated} updated, ${s.deleted} deleted`,
        );
        for (const change of s.changes) out(planLine(change));
      });
    });
};

/** export --company C [--out FILE]: the company's setup as a file apply takes back unchanged. */
export const registerExportCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('export')
    .requiredOption('--company <code>', 'company code')
    .option('--out <file>', 'write the file there instead of stdout')
    .description("Write a company's current setup as a setup file (YAML); applying it changes nothing.")
    .addHelpText(
      'after',
      [
        '',
        'Every live entry is written (deleted ones are not), in the format of docs/company-setup.example.yaml.',
        'Edit the export and apply it, or keep only the entries to change: an existing company needs',
        'only company.code and those entries.',
      ].join('\n'),
    )
    .action((opts: { company: string; out?: string }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const yaml = setupYaml(await container.get(SetupExport).document(company));
        if (opts.out === undefined) {
          process.stdout.write(yaml);
          return;
        }
        try {
          writeFileSync(opts.out, yaml);
        } catch (err) {
          throw new AppError('FILE_NOT_ACCESSIBLE', `cannot write ${opts.out}: ${err instanceof Error ? err.message : String(err)}`);
        }
        out(`exported ${company.code} to ${opts.out}`);
      }),
    );
};
