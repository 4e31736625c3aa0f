import type { Command } from 'commander';
import { CaiCancellationService, CaiStatusReport, CaiStatusService, CompanyDirectory } from '../../services/company';
import { parseReason, parseShortText } from '../../domain/operator-arguments';
import { CommandExit } from '../command-exit';
import type { CommandRegistrar } from './index';

/** Exit codes for cron and monitoring. */
const CAI_EXIT = { ok: 0, warn: 3, stopped: 4 } as const;

/**
 * 4 when an emission point an enabled integration issues from has no usable invoice range (sales
 * stop; missing or used-up note ranges never stop sales); else 3 when any of its ranges, of any
 * document type, is LOW or DUE (ask SAR for the next CAI); else 0.
 */
function caiExitCode(report: CaiStatusReport): number {
  if (report.watched.some((p) => !p.hasUsableRange)) return CAI_EXIT.stopped;
  if (report.ranges.some((r) => r.integration && (r.state === 'LOW' || r.state === 'DUE'))) return CAI_EXIT.warn;
  return CAI_EXIT.ok;
}

// No type column: the printed numbers carry the type's code (EEE-PPP-06-... is a credit note range).
const HEADERS = ['company', 'point', 'cai', 'first', 'last', 'next', 'used', 'left', '%left', 'deadline', 'days', 'state'];

/** Why exit code 4: the watched emission points that cannot issue (a closed point has no row of its own). */
function stoppedPoints(report: CaiStatusReport): string[] {
  return report.watched
    .filter((w) => !w.hasUsableRange)
    .map((p) => {
      const why = p.closed ? 'the integration names a closed emission point' : 'no usable CAI range left';
      return `${p.company} ${p.establishment}-${p.emissionPoint}: ${why}, the integration cannot issue`;
    });
}

function table(report: CaiStatusReport): string[] {
  const rows = report.ranges.map((r) => [
    r.company,
    `${r.establishment}-${r.emissionPoint}${r.integration ? '*' : ''}`,
    r.cai,
    r.firstPrinted,
    r.lastPrinted,
    r.nextPrinted ?? '-',
    String(r.used),
    String(r.left),
    r.percentLeft,
    r.deadline,
    String(r.daysLeft),
    r.state,
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const lines = [HEADERS, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
  lines.push(...stoppedPoints(report));
  if (report.ranges.some((r) => r.integration)) lines.push('* emission point an enabled integration issues from (decides the exit code)');
  return lines;
}

/**
 * cai status: where every CAI range stands, for people (a table) and machines (--json, exit code);
 * cai cancel: SAR cancelled a CAI (decision 71).
 */
export const registerCaiCommands: CommandRegistrar = (program: Command, run) => {
  const cai = program.command('cai').description('CAI ranges (authorised numbers of invoices, credit notes and debit notes).');

  cai
    .command('status')
    .description(
      'State of every live CAI range of every document type: OK, LOW, DUE, EXHAUSTED, EXPIRED or CANCELLED, with numbers and days left.',
    )
    .option('--company <code>', 'only this company')
    .option('--json', 'print a JSON array instead of a table')
    .addHelpText(
      'after',
      [
        '',
        'LOW: numbers left <= CAI_WARN_REMAINING_PERCENT (default 10) percent of the range.',
        'DUE: deadline within CAI_WARN_DAYS (default 60) days; the next CAI may be requested in the last two months.',
        'CANCELLED: SAR cancelled the CAI (`cai cancel`); the range never issues again.',
        'Exit code, over the emission points enabled integrations issue from: 0 all OK; 3 a range of any',
        'type is LOW or DUE; 4 a point has no usable invoice range left (sales stop; note ranges never',
        'give 4). Meant for cron and monitoring.',
      ].join('\n'),
    )
    .action((opts: { company?: string; json?: boolean }) =>
      run(async ({ container, out }) => {
        const company = opts.company === undefined ? undefined : await container.get(CompanyDirectory).byCode(opts.company);
        const report = await container.get(CaiStatusService).report(company);
        if (opts.json) {
          out(JSON.stringify(report.ranges, null, 2));
          // stdout stays one JSON array; the reason for an exit 4 goes where a monitor's mail shows it.
          for (const line of stoppedPoints(report)) process.stderr.write(`${line}\n`);
        } else for (const line of table(report)) out(line);
        const code = caiExitCode(report);
        if (code !== CAI_EXIT.ok) throw new CommandExit(code);
      }),
    );

  cai
    .command('cancel')
    .description(
      "Record SAR's cancellation of a CAI: every live range of it of the company stops issuing now, on every instance, " +
        'for good (it cannot be undone); the next document takes the next usable range. Its unused numbers go to ' +
        '`report unused` of this month with Motivo CANCELADO.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--cai <cai>', 'the CAI as printed on the documents')
    .requiredOption('--reason <text>', "why (SAR's resolution), 1 to 255 characters; stored with the ranges and in the activity trail")
    .action((opts: { company: string; cai: string; reason: string }) =>
      run(async ({ container, out, actor }) => {
        const cai = parseShortText(opts.cai, '--cai');
        const reason = parseReason(opts.reason);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { ranges } = await container.get(CaiCancellationService).cancel(actor, company, cai, reason);
        out(`cancelled CAI ${cai} of ${company.code}: ${ranges} range${ranges === 1 ? '' : 's'}`);
      }),
    );
};
