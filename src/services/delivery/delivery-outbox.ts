import { randomUUID } from 'node:crypto';
import { injectable } from 'inversify';
import type { SqlTransaction } from '../../db/sql-client';
import { byDocumentType, type DocumentType } from '../../domain/document-type';
import type { DocumentOutbox } from '../documents';

/**
 * Where each document type's buyer address is read from, joined to its company's settings: an
 * invoice's client, a note's invoice's client. A sale without a client (a final consumer, a buyer
 * identified only in the request) joins no row, so it queues nothing.
 */
const BUYER_OF: Readonly<Record<DocumentType, string>> = byDocumentType((type) =>
  type === 'invoice'
    ? 'FROM invoices d JOIN clients cl ON cl.id = d.client_id JOIN companies c ON c.id = d.company_id'
    : 'FROM notes d JOIN invoices i ON i.id = d.invoice_id JOIN clients cl ON cl.id = i.client_id JOIN companies c ON c.id = d.company_id',
);

/** The domain of the company's sender address, in SQL: what a Message-ID is qualified with. */
const FROM_DOMAIN = "LOWER(SUBSTRING_INDEX(REPLACE(c.delivery_from, '>', ''), '@', -1))";

/**
 * Writes the outbox's rows (decision 86): at issue, in the document's own transaction, one message
 * to the buyer's client address when the company's delivery is on; on a manual resend, one more
 * message to the address asked for. Each row gets its Message-ID here, once, so every attempt to
 * send it (a retry, or a send repeated after a crash before its record) carries the same one.
 */
@injectable()
export class DeliveryOutbox implements DocumentOutbox {
  /** One INSERT … SELECT: no row when delivery is off or the document has no client. */
  async record(tx: SqlTransaction, doc: { companyId: number; documentType: DocumentType; documentId: number }): Promise<void> {
    const now = new Date();
    await tx.run(
      'INSERT INTO delivery_messages (company_id, document_type, document_id, recipient, message_id, status, attempts, next_attempt_at, created_at) ' +
        `SELECT c.id, ?, d.id, cl.email, CONCAT('<', ?, '@', ${FROM_DOMAIN}, '>'), 'QUEUED', 0, ?, ? ${BUYER_OF[doc.documentType]} ` +
        'WHERE d.id = ? AND d.company_id = ? AND c.delivery_email = 1 AND c.delivery_from IS NOT NULL',
      [doc.documentType, randomUUID(), now, now, doc.documentId, doc.companyId],
    );
  }

  /**
   * Queues one more message of the document to `recipient`, or to its buyer's client address when
   * null; returns its id, or null when there is no address to send to (no client, delivery never
   * configured).
   */
  async resend(
    tx: SqlTransaction,
    doc: { companyId: number; documentType: DocumentType; documentId: number },
    recipient: string | null,
    requestedBy: string,
    now: Date,
  ): Promise<number | null> {
    const result = await tx.run(
      'INSERT INTO delivery_messages (company_id, document_type, document_id, recipient, message_id, status, attempts, next_attempt_at, requested_by, created_at) ' +
        `SELECT c.id, ?, d.id, COALESCE(?, cl.email), CONCAT('<', ?, '@', ${FROM_DOMAIN}, '>'), 'QUEUED', 0, ?, ?, ? ` +
        `${BUYER_OF[doc.documentType].replace(/ JOIN clients cl/, ' LEFT JOIN clients cl')} ` +
        'WHERE d.id = ? AND d.company_id = ? AND c.delivery_from IS NOT NULL AND COALESCE(?, cl.email) IS NOT NULL',
      [doc.documentType, recipient, randomUUID(), now, requestedBy, now, doc.documentId, doc.companyId, recipient],
    );
    return result.affectedRows === 1 ? result.insertId : null;
  }
}
