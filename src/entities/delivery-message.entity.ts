import { Entity, Index, Property, Unique, Opt } from '@mikro-orm/core';
import type { DeliveryStatus } from '../domain/delivery-schedule';
import { CompanyDocumentTypeRow } from './company-document-type-row.base';

/**
 * One e-mail of an issued document to its buyer (decisions 85-88): written in the document's own
 * transaction (or by a manual resend), claimed by one instance's sender with a lease
 * (`claimedUntil`), sent, and recorded. Written and read with plain SQL (src/services/delivery);
 * this entity declares the table for the migrations' schema check.
 */
@Entity({ tableName: 'delivery_messages' })
@Index({ name: 'ix_delivery_messages_due', properties: ['status', 'nextAttemptAt'] })
@Index({ name: 'ix_delivery_messages_document', properties: ['company', 'documentType', 'documentId'] })
export class DeliveryMessage extends CompanyDocumentTypeRow {
  /** The invoice's or the note's id, by documentType. */
  @Property({ type: 'integer', unsigned: true })
  documentId!: number;

  @Property({ type: 'string', length: 255 })
  recipient!: string;

  /** The Message-ID header, fixed when the row is written: every attempt of this message carries it. */
  @Property({ type: 'string', length: 255 })
  @Unique({ name: 'uq_delivery_messages_message_id' })
  messageId!: string;

  @Property({ type: 'string', length: 8 })
  status!: DeliveryStatus;

  /** Attempts made and recorded (a crash between sending and recording counts none). */
  @Property({ type: 'integer', unsigned: true, default: 0 })
  attempts: Opt<number> = 0;

  @Property({ type: 'datetime', length: 3 })
  nextAttemptAt!: Date;

  /** Until when the sender that claimed it may send it; past that, another instance may. */
  @Property({ type: 'datetime', length: 3, nullable: true })
  claimedUntil: Date | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  sentAt: Date | null = null;

  /** The server's answer to the last failed attempt (or why it was not sent). */
  @Property({ type: 'string', length: 1000, nullable: true })
  lastError: string | null = null;

  /** Who asked for a manual resend; null for the message written at issue. */
  @Property({ type: 'string', length: 320, nullable: true })
  requestedBy: string | null = null;

  @Property({ type: 'datetime', length: 3 })
  createdAt!: Date;
}
