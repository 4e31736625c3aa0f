import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import type { DocumentType } from '../../domain/document-type';
import { parseDocumentType } from '../../domain/operator-arguments';
import { CompanyDirectory } from '../../services/company';
import {
  LetterheadService,
  type LogoChoice,
  type LetterheadPublicationView,
  type LetterheadState,
  TemplateCheckService,
} from '../../services/documents';
import { TOKENS } from '../../tokens';
import { cliActor } from '../cli-actor';
import type { CliRuntime } from '../cli-runtime';
import { readInputFile } from '../input-file';
import type { CommandRegistrar } from './index';

const DOCUMENT_HELP = 'which document the template prints: invoice, creditNote or debitNote';
/** Wide enough for the longest --document name, so the hashes line up. */
const NAME_WIDTH = 'creditNote'.length;

/** A command that may start LibreOffice (a check renders a sample) stops it before the process ends. */
async function stoppingRenderer(container: CliRuntime['container'], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } finally {
    await container.get<PdfRenderer>(TOKENS.PdfRenderer).stop();
  }
}

function publicationLine(company: string, row: LetterheadPublicationView): string {
  const verb = row.action === 'published' ? 'published' : 'rolled back to';
  const logo = row.logoSha256 === null ? 'no logo' : `logo ${row.logoSha256}`;
  return `${company} ${row.documentType}: ${verb} ${row.sha256} (${logo}) at ${row.publishedAt.toISOString()} by ${row.publishedBy}`;
}

/** One line per document type: published ones as name, hash, time, who; the others as name, `files`, the file's hash and path. */
function currentLine(state: LetterheadState): string {
  const name = state.documentType.padEnd(NAME_WIDTH);
  if (state.publication !== null) {
    const { sha256, publishedAt, publishedBy } = state.publication;
    return `${name}  ${sha256}  ${publishedAt.toISOString()}  ${publishedBy}`;
  }
  return `${name}  files  ${state.sha256 ?? 'unreadable'}  ${state.file ?? ''}`;
}

function currentJson(state: LetterheadState) {
  const p = state.publication;
  return {
    document: state.documentType,
    source: state.source,
    sha256: state.sha256,
    logoSha256: p?.logoSha256 ?? null,
    action: p?.action ?? null,
    publishedAt: p?.publishedAt.toISOString() ?? null,
    publishedBy: p?.publishedBy ?? null,
    file: state.file,
  };
}

/**
 * template check, publish, current, rollback: catch a broken letterhead before a document is
 * printed with it, and publish it once for every instance (templates/README.md, decision 56).
 */
export const registerTemplateCommands: CommandRegistrar = (program: Command, run) => {
  const template = program.command('template').description('Letterheads (document templates) operators edit in LibreOffice.');

  template
    .command('check')
    .description('Check a template: required fields present, no unknown field, a usable logo, and a sample document that renders.')
    .requiredOption('--company <code>', 'company code (its letterhead, logo and issuer data are used)')
    .option('--file <path>', 'a candidate template to check instead of the one the company uses now')
    .option('--document <type>', DOCUMENT_HELP, parseDocumentType, 'invoice' as DocumentType)
    .action((opts: { company: string; file?: string; document: DocumentType }) =>
      run(async ({ container, out }) =>
        stoppingRenderer(container, async () => {
          const company = await container.get(CompanyDirectory).byCode(opts.company);
          const result = await container.get(TemplateCheckService).check(company, opts.document, opts.file);
          if (result.problems.length > 0)
            throw new AppError('TEMPLATE_BROKEN', `template ${result.file} is broken: ${result.problems.join('; ')}`);
          const scope = result.rendered
            ? ''
            : ` (fields only: no sample rendered, ${result.unavailableReason ?? 'LibreOffice unavailable'})`;
          out(`template OK: ${result.file}${scope}`);
        }),
      ),
    );

  template
    .command('publish')
    .description(
      'Check a letterhead and make it the one every instance prints new documents of the type with (earlier documents keep theirs).',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--document <type>', DOCUMENT_HELP, parseDocumentType)
    .requiredOption('--file <path>', 'the template (.odt) to publish')
    .option('--logo <path>', 'the logo (PNG) it prints; without it, the logo the documents print with now')
    .option('--no-logo', 'publish it without a logo')
    .action((opts: { company: string; document: DocumentType; file: string; logo?: string | false }) =>
      run(async ({ container, out }) =>
        stoppingRenderer(container, async () => {
          const company = await container.get(CompanyDirectory).byCode(opts.company);
          const odt = { name: opts.file, data: await readInputFile(opts.file, 'template') };
          let logo: LogoChoice;
          if (opts.logo === false) logo = null;
          else if (opts.logo !== undefined) logo = { name: opts.logo, data: await readInputFile(opts.logo, 'logo') };
          const published = await container.get(LetterheadService).publish(company, opts.document, odt, logo, cliActor());
          out(publicationLine(company.code, published));
        }),
      ),
    );

  template
    .command('current')
    .description('What each document type prints with now: the published letterhead (hash, when, who), or `files` (TEMPLATES_DIR).')
    .requiredOption('--company <code>', 'company code')
    .option('--json', 'print a JSON array instead of lines')
    .action((opts: { company: string; json?: boolean }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const states = await container.get(LetterheadService).current(company);
        if (opts.json) out(JSON.stringify(states.map(currentJson), null, 2));
        else for (const state of states) out(currentLine(state));
      }),
    );

  template
    .command('rollback')
    .description('Make the letterhead published before the current one current again (a new entry in the history).')
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--document <type>', DOCUMENT_HELP, parseDocumentType)
    .action((opts: { company: string; document: DocumentType }) =>
      run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const restored = await container.get(LetterheadService).rollback(company, opts.document, cliActor());
        out(publicationLine(company.code, restored));
      }),
    );
};
