import type { Command } from 'commander';
import { parseMonth } from '../../domain/operator-arguments';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import { CompanyDirectory } from '../../services/company';
import { MonthArchiveService } from '../../services/fiscal-reports';
import { TOKENS } from '../../tokens';
import { fullCollection } from '../full-collection';
import { writeFileStream } from '../report-output';
import type { CommandRegistrar } from './index';

/** Progress is told every this many documents (and at the last one). */
const PROGRESS_EVERY = 100;
/**
 * Memory is collected in full every this many documents (full-collection.ts). Only here: the
 * console streams the same archive from the server, where a full collection would pause every
 * other request, and whose heap V8 sizes from all it serves, not from one month.
 */
const COLLECT_EVERY = 200;

/** archive: a month's PDFs and reports in one reproducible ZIP, for the years the law asks them kept. */
export const registerArchiveCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('archive')
    .description(
      'Write the archive of a month: every invoice and note of the month as its PDF (exactly as a reprint gives it), the ' +
        'sales register (CSV and XLSX), the ISV summary, the unused numbers and a manifest of SHA-256 sums, as one ZIP; ' +
        'the same bytes every time while nothing in the month changes. Progress goes to stderr.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--month <month>', 'the month, YYYY-MM')
    .requiredOption('--out <file>', 'the ZIP to write (written whole or not at all)')
    .action((opts: { company: string; month: string; out: string }) => {
      const month = parseMonth(opts.month);
      return run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const renderer = container.get<PdfRenderer>(TOKENS.PdfRenderer);
        let documents = 0;
        try {
          await writeFileStream(opts.out, async (stream) => {
            // Started once the file is open: a refused --out costs no LibreOffice start.
            await renderer.start();
            const collect = fullCollection();
            await container.get(MonthArchiveService).write(company, month, stream, (archived, total) => {
              documents = total;
              // Not at 0 (told before the first document): nothing to collect yet.
              if (archived > 0 && archived % COLLECT_EVERY === 0) collect();
              if (archived === total || archived % PROGRESS_EVERY === 0)
                process.stderr.write(`archived ${archived} of ${total} documents\n`);
            });
          });
        } finally {
          await renderer.stop();
        }
        out(`wrote ${opts.out} (${company.code} ${month}, ${documents} documents)`);
      });
    });
};
