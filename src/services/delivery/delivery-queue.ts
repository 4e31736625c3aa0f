import { inject, injectable } from 'inversify';
import { classifyDatabaseError, isTransient, mayRetry, needsFreshConnection, retryDelayMs } from '../../db/database-failure';
import { storedInstant } from '../../db/lean-select';
import type { SqlClient, SqlRow, SqlTransaction } from '../../db/sql-client';
import { afterFailedAttempt, DELIVERY_LEASE_MS, type DeliveryStatus } from '../../domain/delivery-schedule';
import type { DocumentType } from '../../domain/document-type';
import { TOKENS } from '../../tokens';

/** One message as the console, the CLI and the sender see it. */
export interface DeliveryMessageView {
  id: number;
  documentType: DocumentType;
  documentId: number;
  recipient: string;
  messageId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  /** Who asked for this message by hand; null for the one written at issue. */
  requestedBy: string | null;
  createdAt: Date;
}

/** What the sender needs of a claimed message: the message and its company's settings. */
export interface ClaimedMessage extends DeliveryMessageView {
  companyId: number;
  companyCode: string;
  companyName: string;
  from: string;
  replyTo: string | null;
  bcc: string | null;
}

/** The longest server answer kept (the column's width). */
const MAX_ERROR_LENGTH = 1000;

const COLUMNS =
  'm.id, m.document_type, m.document_id, m.recipient, m.message_id, m.status, m.attempts, m.next_attempt_at, m.sent_at, m.last_error, m.requested_by, m.created_at';

/**
 * The outbox table's reads and state changes (decision 86). A message is claimed in a short
 * transaction (`SELECT … FOR UPDATE SKIP LOCKED`, so concurrent senders of several instances take
 * different rows and never wait for each other; MySQL 8 and MariaDB 10.6+) that sets its lease,
 * `claimed_until`; the send happens after that commit, and its outcome is recorded afterwards. A
 * sender killed in between leaves the lease to expire, and the next claim sends the message again
 * with its same Message-ID.
 */
@injectable()
export class DeliveryQueue {
  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {}

  /** Claims up to `limit` due messages for this sender until now + the lease; their ids, oldest due first. */
  async claimDue(now: Date, limit: number): Promise<number[]> {
    return this.claim(
      'SELECT id FROM delivery_messages WHERE status = ? AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ' +
        'ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED',
      ['QUEUED', now, now, limit],
      now,
    );
  }

  /** Claims one message by id when it is waiting (due or not) and no sender holds it: a manual resend's, sent at once. */
  async claimOne(id: number, now: Date): Promise<boolean> {
    const ids = await this.claim(
      'SELECT id FROM delivery_messages WHERE id = ? AND status = ? AND (claimed_until IS NULL OR claimed_until <= ?) FOR UPDATE SKIP LOCKED',
      [id, 'QUEUED', now],
      now,
    );
    return ids.length === 1;
  }

  /**
   * At READ COMMITTED, so the locking read locks only the rows it returns, never a gap an issuing
   * transaction inserts its message into; a deadlock or lock wait all the same is run again.
   */
  private async claim(select: string, params: unknown[], now: Date): Promise<number[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(
          async (tx) => {
            const ids = (await tx.select(select, params)).map((r) => Number(r.id));
            if (ids.length > 0)
              await tx.run('UPDATE delivery_messages SET claimed_until = ? WHERE id IN (?)', [
                new Date(now.getTime() + DELIVERY_LEASE_MS),
                ids,
              ]);
            return ids;
          },
          (err) => needsFreshConnection(classifyDatabaseError(err)),
          { readCommitted: true },
        );
      } catch (err) {
        const failure = classifyDatabaseError(err);
        if (!isTransient(failure) || !mayRetry(failure, attempt)) throw err;
        await new Promise((r) => setTimeout(r, retryDelayMs(failure, attempt)));
      }
    }
  }

  /** A claimed message with its company's delivery settings. */
  async claimed(id: number): Promise<ClaimedMessage> {
    const [row] = await this.db.select(
      `SELECT ${COLUMNS}, m.company_id, c.code AS company_code, c.name AS company_name, c.delivery_from, c.delivery_reply_to, c.delivery_bcc ` +
        'FROM delivery_messages m JOIN companies c ON c.id = m.company_id WHERE m.id = ?',
      [id],
    );
    if (!row) throw new Error(`delivery message ${id} does not exist`);
    return {
      ...messageOf(row),
      companyId: Number(row.company_id),
      companyCode: String(row.company_code),
      companyName: String(row.company_name),
      from: String(row.delivery_from),
      replyTo: (row.delivery_reply_to as string | null) ?? null,
      bcc: (row.delivery_bcc as string | null) ?? null,
    };
  }

  /** A message's address and Message-ID, read in the transaction that wrote it. */
  async addressOf(tx: Pick<SqlTransaction, 'select'>, id: number): Promise<{ recipient: string; messageId: string }> {
    const [row] = await tx.select('SELECT recipient, message_id FROM delivery_messages WHERE id = ?', [id]);
    return { recipient: String(row.recipient), messageId: String(row.message_id) };
  }

  async recordSent(id: number, now: Date): Promise<void> {
    await this.db.run(
      'UPDATE delivery_messages SET status = ?, sent_at = ?, attempts = attempts + 1, claimed_until = NULL, last_error = NULL WHERE id = ?',
      ['SENT', now, id],
    );
  }

  /** A failed attempt: retried after the next delay, or FAILED after the last; returns the new status. */
  async recordFailure(message: Pick<ClaimedMessage, 'id' | 'attempts'>, error: string, now: Date): Promise<DeliveryStatus> {
    const next = afterFailedAttempt(message.attempts + 1, now);
    await this.db.run(
      'UPDATE delivery_messages SET status = ?, attempts = attempts + 1, next_attempt_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?',
      [next.status, next.status === 'QUEUED' ? next.nextAttemptAt : now, error.slice(0, MAX_ERROR_LENGTH), message.id],
    );
    return next.status;
  }

  /** Not sent, and never will be (the document was annulled first): FAILED with the reason. */
  async recordWithdrawn(id: number, reason: string, now: Date): Promise<void> {
    await this.db.run('UPDATE delivery_messages SET status = ?, next_attempt_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?', [
      'FAILED',
      now,
      reason,
      id,
    ]);
  }

  /** A document's messages, oldest first. */
  async ofDocument(companyId: number, documentType: DocumentType, documentId: number): Promise<DeliveryMessageView[]> {
    const rows = await this.db.select(
      `SELECT ${COLUMNS} FROM delivery_messages m WHERE m.company_id = ? AND m.document_type = ? AND m.document_id = ? ORDER BY m.id`,
      [companyId, documentType, documentId],
    );
    return rows.map(messageOf);
  }

  /** A company's messages, newest first, in one state or all. */
  async ofCompany(companyId: number, status: DeliveryStatus | null, limit: number): Promise<DeliveryMessageView[]> {
    const rows = await this.db.select(
      `SELECT ${COLUMNS} FROM delivery_messages m WHERE m.company_id = ?${status ? ' AND m.status = ?' : ''} ORDER BY m.id DESC LIMIT ?`,
      status ? [companyId, status, limit] : [companyId, limit],
    );
    return rows.map(messageOf);
  }
}

function messageOf(row: SqlRow): DeliveryMessageView {
  const instant = (v: unknown) => (v === null || v === undefined ? null : storedInstant(String(v)));
  return {
    id: Number(row.id),
    documentType: row.document_type as DocumentType,
    documentId: Number(row.document_id),
    recipient: String(row.recipient),
    messageId: String(row.message_id),
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: storedInstant(String(row.next_attempt_at)),
    sentAt: instant(row.sent_at),
    lastError: (row.last_error as string | null) ?? null,
    requestedBy: (row.requested_by as string | null) ?? null,
    createdAt: storedInstant(String(row.created_at)),
  };
}
