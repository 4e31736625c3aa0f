import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import { CompanyDirectory } from '../../services/company';
import {
  NoteAnnulmentService,
  documentName,
  NoteIssuer,
  NotePdfService,
  noteJson,
  NoteReader,
  type NoteRequest,
  type NoteView,
  parseKey,
  parseReturns,
  creditNoteRequest,
  debitNoteRequest,
  noteCommonOf,
  type NoteCommon,
  type NoteFieldNames,
} from '../../services/sales';
import { writeFileOrRefuse } from '../report-output';
import { formatLempiras } from '../../pdf/format';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import { TOKENS } from '../../tokens';
import type { CommandRegistrar } from './index';
import { parseId, parseReason } from '../../domain/operator-arguments';
import { ANNULLED, documentState } from '../../domain/document-words';

/** A refusal names the option the operator wrote. */
const OPTION_NAMES: NoteFieldNames = {
  reason: '--reason',
  emissionPoint: '--emission-point',
  discount: '--discount',
  description: '--description',
  amount: '--amount',
  quantity: '--quantity',
  rate: '--rate',
};

interface CommonOptions {
  company: string;
  invoiceId: string;
  reason: string;
  emissionPoint?: string;
  key?: string;
  json?: boolean;
}

/** `issued credit note 000-001-06-00000001 (id 7) for invoice 000-001-01-00000042: total L 120.75` */
function issuedLine(note: NoteView): string {
  return `issued ${DOCUMENT_TYPE_INFO[note.documentType].noun} ${note.fiscalNumber} (id ${note.id}) for invoice ${note.invoiceFiscalNumber}: total ${formatLempiras(note.total)}`;
}

function withCommon(command: Command): Command {
  return command
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--invoice-id <n>', 'the id of the invoice the note modifies')
    .requiredOption('--reason <text>', 'Motivo, printed on the note: 1 to 255 characters')
    .option('--emission-point <EEE-PPP>', "issue at this live emission point instead of the invoice's")
    .option('--key <key>', 'idempotency key: the same key with the same arguments answers the note already issued')
    .option('--json', 'print the note as JSON instead of the line');
}

/** Credit and debit notes (notas de crédito 06 y de débito 07): issue, list, show, print, annul. */
export const registerNoteCommands: CommandRegistrar = (program: Command, run) => {
  const note = program.command('note').description('Credit and debit notes of issued invoices.');

  const issue = (opts: CommonOptions, build: (common: NoteCommon, allowedRates: readonly string[]) => NoteRequest) =>
    run(async ({ container, config, out, actor }) => {
      const common = noteCommonOf(parseId(opts.invoiceId, '--invoice-id'), opts, OPTION_NAMES);
      const request = build(common, config.allowedIsvRates);
      const key = opts.key === undefined ? null : parseKey(opts.key);
      const company = await container.get(CompanyDirectory).byCode(opts.company);
      const { note: issued } = await container.get(NoteIssuer).issue(actor, company, request, key);
      out(opts.json ? JSON.stringify(noteJson(issued)) : issuedLine(issued));
    });

  withCommon(
    note
      .command('credit')
      .description(
        'Issue a credit note: goods returned (--return), a discount after the sale (--discount), or the reversal of all that is left (--full).',
      ),
  )
    .option('--return <LINE:QTY,...>', "returned quantities by the invoice line's position (1-based, as printed)")
    .option('--discount <amount>', 'a discount granted after the sale; with --rate')
    .option('--rate <rate>', 'the ISV rate the discount is at (15, 18), or exempt')
    .option('--full', 'credit exactly what is left of the invoice')
    .action((opts: CommonOptions & { return?: string; discount?: string; rate?: string; full?: boolean }) =>
      issue(opts, (common, rates) => {
        const chosen = [opts.return !== undefined, opts.discount !== undefined, opts.full === true].filter(Boolean).length;
        if (chosen !== 1) throw new AppError('VALIDATION_FAILED', 'give exactly one of --return, --discount (with --rate) or --full');
        if (opts.discount !== undefined) {
          if (opts.rate === undefined) throw new AppError('VALIDATION_FAILED', '--discount needs --rate (15, 18 or exempt)');
          return creditNoteRequest(common, { kind: 'discount', amount: opts.discount, rate: opts.rate }, rates, OPTION_NAMES);
        }
        if (opts.rate !== undefined) throw new AppError('VALIDATION_FAILED', '--rate goes with --discount only');
        const credit =
          opts.return !== undefined ? { kind: 'return' as const, returns: parseReturns(opts.return) } : { kind: 'full' as const };
        return creditNoteRequest(common, credit, rates, OPTION_NAMES);
      }),
    );

  withCommon(note.command('debit').description('Issue a debit note: one charge after the sale.'))
    .requiredOption('--description <text>', 'what is charged, printed as the line')
    .requiredOption('--amount <amount>', 'unit price of the charge, lempiras')
    .requiredOption('--rate <rate>', 'ISV rate (15, 18) or exempt')
    .option('--quantity <q>', 'quantity (default 1)')
    .action((opts: CommonOptions & { description: string; amount: string; rate: string; quantity?: string }) =>
      issue(opts, (common, rates) => debitNoteRequest(common, opts, rates, OPTION_NAMES)),
    );

  note
    .command('list')
    .description("List a company's notes (of one invoice with --invoice-id), annulled ones included.")
    .requiredOption('--company <code>', 'company code')
    .option('--invoice-id <n>', 'only the notes of this invoice')
    .option('--json', 'print a JSON array')
    .action((opts: { company: string; invoiceId?: string; json?: boolean }) =>
      run(async ({ container, out }) => {
        const invoiceId = opts.invoiceId === undefined ? null : parseId(opts.invoiceId, '--invoice-id');
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const notes = await container.get(NoteReader).list(company.id, invoiceId);
        if (opts.json) {
          out(JSON.stringify(notes.map(noteJson)));
          return;
        }
        for (const n of notes) {
          out(
            `${n.id}\t${n.fiscalNumber}\t${DOCUMENT_TYPE_INFO[n.documentType].noun}\tinvoice ${n.invoiceFiscalNumber}\t${formatLempiras(n.total)}\t${documentState(n.isAnnulled)}\t${n.reason}`,
          );
        }
      }),
    );

  note
    .command('show')
    .description('Show one note.')
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'note id')
    .option('--json', 'print the note as JSON')
    .action((opts: { company: string; id: string; json?: boolean }) =>
      run(async ({ container, out }) => {
        const id = parseId(opts.id);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const n = await container.get(NoteReader).get(company, id);
        if (opts.json) {
          out(JSON.stringify(noteJson(n)));
          return;
        }
        out(`${DOCUMENT_TYPE_INFO[n.documentType].title} ${n.fiscalNumber} (id ${n.id})${n.isAnnulled ? ` ${ANNULLED}` : ''}`);
        out(`invoice ${n.invoiceFiscalNumber} (id ${n.invoiceId}), CAI ${n.cai}, ${n.noteDate.toISOString()}`);
        out(`Motivo: ${n.reason}`);
        for (const l of n.lines)
          out(`  ${l.invoiceLineNumber ?? '-'}\t${l.productCode ?? ''}\t${l.description}\t${l.quantity}\t${l.unitPrice}\t${l.subTotal}`);
        for (const t of n.taxes) out(`  ISV ${t.rate}%: base ${t.taxedAmount}, ISV ${t.taxAmount}`);
        out(`exento ${n.exemptedAmount}, exonerado ${n.exoneratedAmount}, total ${formatLempiras(n.total)}`);
      }),
    );

  note
    .command('pdf')
    .description("Write a note's PDF: the original, from the template fixed at issue (ANULADA once annulled).")
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'note id')
    .requiredOption('--out <file>', 'where to write the PDF')
    .action((opts: { company: string; id: string; out: string }) =>
      run(async ({ container, out }) => {
        const id = parseId(opts.id);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const n = await container.get(NoteReader).get(company, id);
        const renderer = container.get<PdfRenderer>(TOKENS.PdfRenderer);
        try {
          await renderer.start();
          const pdf = await container.get(NotePdfService).render(company, n);
          await writeFileOrRefuse(opts.out, pdf);
          out(`wrote ${opts.out} (${documentName(n.documentType, n)}, ${pdf.length} bytes)`);
        } finally {
          await renderer.stop();
        }
      }),
    );

  note
    .command('annul')
    .description(
      'Annul a note issued with errors: its number stays used, it prints ANULADA, and it no longer counts toward its invoice. ' +
        'Only until day ANNULMENT_DEADLINE_DAY (default 10) of the month after its date.',
    )
    .requiredOption('--company <code>', 'company code')
    .requiredOption('--id <n>', 'note id')
    .requiredOption('--reason <text>', 'why: 1 to 255 characters')
    .action((opts: { company: string; id: string; reason: string }) =>
      run(async ({ container, out, actor }) => {
        const id = parseId(opts.id);
        const reason = parseReason(opts.reason);
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const { note: annulled, alreadyAnnulled } = await container.get(NoteAnnulmentService).annul(actor, company, id, reason);
        out(
          alreadyAnnulled
            ? `${documentName(annulled.documentType, annulled)} of ${opts.company} was already annulled`
            : `annulled ${documentName(annulled.documentType, annulled)} of ${opts.company}`,
        );
      }),
    );
};
