import type { Command } from 'commander';
import { CompanySetupService, planLine, readSetupFile } from '../../services/company';
import type { CommandRegistrar } from './index';

/** apply <file>: the declarative setup of one company (decision 30). */
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
