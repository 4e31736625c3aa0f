import type { Command } from 'commander';
import { AppError } from '../../domain/app-error';
import { DELIVERY_STATUSES, isDeliveryStatus } from '../../domain/delivery-schedule';
import { parseId } from '../../domain/operator-arguments';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import { CompanyDirectory } from '../../services/company';
import { DeliveryMessages, DeliverySender, type DeliveryMessageView } from '../../services/delivery';
import { TOKENS } from '../../tokens';
import type { CommandRegistrar } from './index';

/** delivery list|resend: the documents' e-mails to their buyers (decisions 85-88). */
export const registerDeliveryCommands: CommandRegistrar = (program: Command, run) => {
  const delivery = program.command('delivery').description("The e-mails of a company's invoices and notes to their buyers.");

  delivery
    .command('list')
    .description(
      "List the company's messages, newest first: status (QUEUED, SENT, FAILED), attempts, document, address, and when sent or the server's answer.",
    )
    .requiredOption('--company <code>', 'company code')
    .option('--status <status>', `only messages in this state: ${DELIVERY_STATUSES.map((s) => s.toLowerCase()).join(', ')}`)
    .option('--json', 'print a JSON array of messages')
    .action((opts: { company: string; status?: string; json?: boolean }) => {
      const status = opts.status === undefined ? null : opts.status.toUpperCase();
      if (status !== null && !isDeliveryStatus(status))
        throw new AppError('VALIDATION_FAILED', `--status must be one of ${DELIVERY_STATUSES.map((s) => s.toLowerCase()).join(', ')}`);
      return run(async ({ container, out }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const messages = await container.get(DeliveryMessages).list(company, status);
        if (opts.json) out(JSON.stringify(messages.map(messageJson), null, 2));
        else for (const m of messages) out(messageLine(m));
      });
    });

  delivery
    .command('resend')
    .description(
      "E-mail an invoice or a note again, now, to its client's address or to --to; recorded in the activity trail (document-resent). " +
        'A send that fails is retried by the service like any other message.',
    )
    .requiredOption('--company <code>', 'company code')
    .option('--invoice-id <n>', 'the invoice (its API id)')
    .option('--note-id <n>', 'the credit or debit note (its id)')
    .option('--to <email>', "the address to send to (default: the client's)")
    .option('--json', 'print the message as JSON')
    .action((opts: { company: string; invoiceId?: string; noteId?: string; to?: string; json?: boolean }) => {
      if ((opts.invoiceId === undefined) === (opts.noteId === undefined))
        throw new AppError('VALIDATION_FAILED', 'give exactly one of --invoice-id and --note-id');
      const id = opts.invoiceId !== undefined ? parseId(opts.invoiceId, '--invoice-id') : parseId(opts.noteId!, '--note-id');
      return run(async ({ container, out, actor }) => {
        const company = await container.get(CompanyDirectory).byCode(opts.company);
        const messages = container.get(DeliveryMessages);
        const queued = await messages.resend(actor, company, opts.invoiceId !== undefined ? 'invoice' : 'note', id, opts.to ?? null);
        // Started only for a resend that was accepted: a refusal needs no LibreOffice.
        const renderer = container.get<PdfRenderer>(TOKENS.PdfRenderer);
        await renderer.start();
        try {
          const message = await messages.sendNow(queued);
          out(opts.json ? JSON.stringify(messageJson(message), null, 2) : messageLine(message));
        } finally {
          container.get(DeliverySender).close();
          await renderer.stop();
        }
      });
    });
};

/** A message as `--json` prints it. */
export function messageJson(m: DeliveryMessageView) {
  return {
    id: m.id,
    documentType: m.documentType,
    documentId: m.documentId,
    to: m.recipient,
    messageId: m.messageId,
    status: m.status,
    attempts: m.attempts,
    sentAt: m.sentAt?.toISOString() ?? null,
    nextAttemptAt: m.status === 'QUEUED' ? m.nextAttemptAt.toISOString() : null,
    error: m.lastError,
    requestedBy: m.requestedBy,
    createdAt: m.createdAt.toISOString(),
  };
}

function messageLine(m: DeliveryMessageView): string {
  const outcome =
    m.status === 'SENT' ? `sent ${m.sentAt!.toISOString()}` : m.status === 'QUEUED' ? `next ${m.nextAttemptAt.toISOString()}` : '';
  return [
    String(m.id),
    m.status.padEnd(6),
    `attempts ${m.attempts}`,
    `${m.documentType} ${m.documentId}`,
    m.recipient,
    outcome,
    m.lastError ?? '',
  ]
    .filter((part) => part !== '')
    .join('  ');
}
