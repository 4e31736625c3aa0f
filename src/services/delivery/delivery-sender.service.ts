import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config';
import { TOKENS } from '../../tokens';
import { documentMail } from './document-mail';
import { DeliveryQueue, type DeliveryMessageView } from './delivery-queue';
import { createMailTransport, sendFailure, type MailTransport } from './mail-transport';
import { MailedDocuments } from './mailed-documents';

/** Messages one claim takes: sent side by side, few enough to finish well inside their lease. */
export const DELIVERY_BATCH = 8;

/** Why a message was not sent: its document was annulled before it left. */
export const WITHDRAWN_ANNULLED = 'no se envió: el documento fue anulado antes del envío';

/**
 * Sends the outbox's messages (decision 86): claims due ones, renders each document's PDF (the
 * instance's cached render when it has one), sends it and records the outcome, SENT or a failed
 * attempt (retried later, FAILED after the last). The clock is the caller's (`now`), so tests
 * move it across the retry delays and past a lease instead of waiting. Logs name the message by
 * its row id and Message-ID with the outcome; never its text, addresses' contents or PDF.
 */
@injectable()
export class DeliverySender {
  private transport: MailTransport | undefined;

  constructor(
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(DeliveryQueue) private readonly queue: DeliveryQueue,
    @inject(MailedDocuments) private readonly documents: MailedDocuments,
  ) {}

  /** Where the messages go (the SMTP server or the `.eml` folder), for banners and the start log. */
  get destination(): string {
    return this.mail().destination;
  }

  /** Claims up to one batch of due messages and sends them; the number claimed (a full batch: call again). */
  async deliverDue(now: Date = new Date()): Promise<number> {
    const ids = await this.queue.claimDue(now, DELIVERY_BATCH);
    await Promise.all(ids.map((id) => this.deliverClaimed(id, now)));
    return ids.length;
  }

  /** Sends one waiting message now when no other sender holds it (a manual resend); its state after. */
  async deliverNow(id: number, now: Date = new Date()): Promise<DeliveryMessageView> {
    if (await this.queue.claimOne(id, now)) await this.deliverClaimed(id, now);
    return this.queue.claimed(id);
  }

  /** Closes the SMTP connections it keeps. */
  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }

  private mail(): MailTransport {
    return (this.transport ??= createMailTransport(this.config));
  }

  private async deliverClaimed(id: number, now: Date): Promise<void> {
    const message = await this.queue.claimed(id);
    const logged = {
      deliveryMessage: message.id,
      messageId: message.messageId,
      companyCode: message.companyCode,
      attempt: message.attempts + 1,
    };
    try {
      const doc = await this.documents.load({ id: message.companyId, code: message.companyCode }, message.documentType, message.documentId);
      if (doc.annulled) {
        await this.queue.recordWithdrawn(message.id, WITHDRAWN_ANNULLED, now);
        this.logger.info(
          { ...logged, outcome: 'FAILED', reason: 'annulled' },
          'document e-mail withdrawn: the document was annulled first',
        );
        return;
      }
      const mail = documentMail(message, doc, await doc.pdf());
      const response = await this.mail().send(mail, `${doc.fiscalNumber}-${message.id}.eml`);
      await this.queue.recordSent(message.id, now);
      this.logger.info({ ...logged, outcome: 'SENT', response }, 'document e-mail sent');
    } catch (err) {
      const failure = sendFailure(err);
      const status = await this.queue.recordFailure(message, failure, now);
      this.logger.warn({ ...logged, outcome: status, error: failure }, 'document e-mail not sent');
    }
  }
}
