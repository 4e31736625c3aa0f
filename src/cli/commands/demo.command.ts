import type { Command } from 'commander';
import { setUpDemoCompany } from '../demo/demo-setup';
import type { CommandRegistrar } from './index';

/** demo: a ready-to-call company for trying the API. */
export const registerDemoCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('demo')
    .description(
      'Create or refresh the demo company DEMO (a Tegucigalpa store with CAI range, catalog, price list, ' +
        'product mappings, an exonerated client and the integration enabled), then print a fresh API key alone on stdout.',
    )
    .action(() =>
      run(async ({ container, out, actor }) => {
        out((await setUpDemoCompany(container, actor)).apiKey);
      }),
    );
};
