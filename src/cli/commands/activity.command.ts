import type { Command } from 'commander';
import { ACTIVITY_ACTIONS } from '../../domain/activity-action';
import { startOfHondurasDay } from '../../domain/calendar-date';
import { ActivityReader, type ActivityView, type ActivityWidths } from '../../services/access';
import { CompanyDirectory } from '../../services/company';
import type { CommandRegistrar } from './index';
import { parseDate, parsePositiveCount } from '../../domain/operator-arguments';

/** Rows printed when --limit is not given: a busy day of several operators, read in pages. */
export const DEFAULT_ACTIVITY_LIMIT = 1000;

/** The longest action name, so the action column never moves. */
const ACTION_WIDTH = Math.max(...ACTIVITY_ACTIONS.map((a) => a.length));

/** activity: the activity trail, newest first (decision 60). */
export const registerActivityCommand: CommandRegistrar = (program: Command, run) => {
  program
    .command('activity')
    .description('Print the activity trail: every change operators made (console and CLI), newest first.')
    .option('--company <code>', "only this company's rows")
    .option('--since <date>', 'only rows from this Honduras day on, YYYY-MM-DD')
    .option('--limit <n>', `at most n rows (default ${DEFAULT_ACTIVITY_LIMIT})`)
    .option('--json', 'print a JSON array of {at, actor, company, action, target, details}')
    .addHelpText(
      'after',
      [
        '',
        'One line per row: when (ISO 8601, UTC), who (an operator e-mail or cli:<os user>), company',
        '(- for none), action, target and details (JSON), in aligned columns.',
      ].join('\n'),
    )
    .action((opts: { company?: string; since?: string; limit?: string; json?: boolean }) => {
      // Checked before connecting: a bad option needs no database.
      const since = opts.since === undefined ? null : startOfHondurasDay(parseDate(opts.since, '--since'));
      const limit = opts.limit === undefined ? DEFAULT_ACTIVITY_LIMIT : parsePositiveCount(opts.limit, '--limit');
      return run(async ({ container, out }) => {
        const company = opts.company === undefined ? null : await container.get(CompanyDirectory).byCode(opts.company);
        const query = { companyIds: company === null ? null : [company.id], since, limit };
        const reader = container.get(ActivityReader);
        if (opts.json) {
          // One element a line, streamed as pages arrive: the whole is still one JSON array.
          out('[');
          let held: string | null = null;
          for await (const row of reader.read(query)) {
            if (held !== null) out(`${held},`);
            held = JSON.stringify(activityJson(row));
          }
          if (held !== null) out(held);
          out(']');
          return;
        }
        const widths = await reader.widths(query);
        for await (const row of reader.read(query)) out(activityLine(row, widths));
      });
    });
};

/** A row as `--json` prints it. */
function activityJson(row: ActivityView) {
  return { at: row.at.toISOString(), actor: row.actor, company: row.company, action: row.action, target: row.target, details: row.details };
}

function activityLine(row: ActivityView, widths: ActivityWidths): string {
  const details = Object.keys(row.details).length === 0 ? '' : JSON.stringify(row.details);
  return [
    row.at.toISOString(),
    row.actor.padEnd(widths.actor),
    (row.company ?? '-').padEnd(Math.max(widths.company, 1)),
    row.action.padEnd(ACTION_WIDTH),
    row.target.padEnd(widths.target),
    details,
  ]
    .join('  ')
    .trimEnd();
}
