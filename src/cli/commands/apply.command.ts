import type { Command } from 'commander';
import { CompanySetupService, readSetupFile } from '../../services/company';
import type { CommandRegistrar } from './index';

/** apply <file>: the declarative setup of one company (decision 30). */
export const registerApplyCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('apply')
    .argument('<file>', 'setup file: .yaml, .yml or .json')
    .description("Create or update one company's whole setup from a YAML or JSON file; repeatable.")
    .addHelpText(
      'after',
      [
        '',
        'Entries are matched by code (CAI ranges by cai, mappings by externalProductId + product,',
        'prices by product) and created or updated; entries absent from the file are left as they',
        "are; `deleted: true` soft-deletes an entry and what is nested under it (an establishment's",
        'emission points and their CAI ranges). The whole file is checked first and written in',
        'one transaction: on any problem nothing is written and each problem is named by its path,',
        'e.g. priceLists[0].prices[3].product: unknown product P-999. Format: docs/company-setup.example.yaml.',
        'Prints one line: applied <CODE>: N created, N updated, N deleted',
      ].join('\n'),
    )
    .action((file: string) => {
      // Read before connecting, so a missing file or a syntax error needs no database.
      const document = readSetupFile(file);
      return run(async ({ container, out, actor }) => {
        const s = await container.get(CompanySetupService).apply(actor, document);
        out(`applied ${s.companyCode}: ${s.created} created, ${s.updated} updated, ${s.deleted} deleted`);
      });
    });
};
