import { inject, injectable } from 'inversify';
import { classifyDatabaseError, needsFreshConnection } from '../../db/database-failure';
import type { SqlClient } from '../../db/sql-client';
import { actorName, type Actor } from '../../domain/actor';
import { AppError } from '../../domain/app-error';
import type { CompanyRef } from '../../domain/company-ref';
import type { DeliveryStatus } from '../../domain/delivery-schedule';
import type { DocumentType } from '../../domain/document-type';
import { isEmailAddress } from '../../domain/mailbox';
import { TOKENS } from '../../tokens';
import { ActivityTrail, documentTarget } from '../access';
import { DeliveryOutbox } from './delivery-outbox';
import { DeliveryQueue, type DeliveryMessageView } from './delivery-queue';
import { DeliverySender } from './delivery-sender.service';
import { MailedDocuments } from './mailed-documents';

/** The most messages `delivery list` prints. */
export const DELIVERY_LIST_LIMIT = 500;

/** What an operator sees of a company's and a document's messages, and the manual resend (decision 88). */
@injectable()
export class DeliveryMessages {
  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(DeliveryQueue) private readonly queue: DeliveryQueue,
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
    @inject(DeliverySender) private readonly sender: DeliverySender,
    @inject(MailedDocuments) private readonly documents: MailedDocuments,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /** The company's messages, newest first, in one state or all. */
  list(company: CompanyRef, status: DeliveryStatus | null): Promise<DeliveryMessageView[]> {
    return this.queue.ofCompany(company.id, status, DELIVERY_LIST_LIMIT);
  }

  /** One document's messages, oldest first (its pages show them). */
  ofDocument(company: CompanyRef, documentType: DocumentType, documentId: number): Promise<DeliveryMessageView[]> {
    return this.queue.ofDocument(company.id, documentType, documentId);
  }

  /**
   * Queues the invoice or note (`kind`) once more, to `to` or else its client's address, and
   * records `document-resent` in the same transaction; returns the message's id, for `sendNow`
   * (a failure there leaves it to the retries of every instance's sender). Refuses an annulled
   * document (DOCUMENT_ANNULLED), a company without a sender address or a document without an
   * address to send to (DELIVERY_NOT_CONFIGURED), a bad address (VALIDATION_FAILED); a refusal
   * queues nothing.
   */
  async resend(
    actor: Actor,
    company: CompanyRef,
    kind: 'invoice' | 'note',
    documentId: number,
    to: string | null,
    now: Date = new Date(),
  ): Promise<number> {
    if (to !== null && !isEmailAddress(to))
      throw new AppError('VALIDATION_FAILED', `to must be an e-mail address, and "${to}" is not one.`);
    const doc = await this.documents.load(company, kind, documentId);
    const { documentType } = doc;
    const target = documentTarget(documentType, doc.fiscalNumber, documentId);
    if (doc.annulled) throw new AppError('DOCUMENT_ANNULLED', `${target} is annulled: an annulled document is not sent.`);
    const id = await this.db.transaction(
      async (tx) => {
        const queued = await this.outbox.resend(tx, { companyId: company.id, documentType, documentId }, to, actorName(actor), now);
        if (queued === null)
          throw new AppError(
            'DELIVERY_NOT_CONFIGURED',
            `${target} cannot be e-mailed: ${company.code} has no delivery sender (delivery.from in its setup file) or the document has no client; give an address.`,
          );
        const message = await this.queue.addressOf(tx, queued);
        await this.trail.record(tx, {
          actor,
          companyId: company.id,
          action: 'document-resent',
          target,
          details: { to: message.recipient, deliveryMessage: queued, messageId: message.messageId },
          at: now,
        });
        return queued;
      },
      (err) => needsFreshConnection(classifyDatabaseError(err)),
    );
    return id;
  }

  /** Sends a queued message now from this process (it needs the PDF renderer started); its state after. */
  sendNow(id: number, now: Date = new Date()): Promise<DeliveryMessageView> {
    return this.sender.deliverNow(id, now);
  }
}
