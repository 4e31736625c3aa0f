import type { EntityClass } from '@mikro-orm/core';
import { Client, EmissionPoint, Establishment, Invoice, InvoiceLine, InvoiceTax, TemplateVersion } from '../entities';
import type { ReadRevisionKind } from './read-revisions';

/** How a change of an entity's rows moves the read caches' counters (read-revision.subscriber.ts). */
export interface ReadDependency {
  /** The counter of the cached answers the rows appear in. */
  counter: ReadRevisionKind;
  /** The relations leading from a row to the company whose answers it appears in. */
  company: readonly string[];
  /**
   * Whether inserting a row can change an answer kept before. 'bumps': a list already kept would
   * show it. 'never': every answer that shows it is keyed by a row that did not exist when the
   * answer was kept (a GET of an id that does not exist answers 404, and a 404 is never kept).
   * `{ unlessNew }`: the row is part of the answer of the row this relation points to, so it bumps
   * unless that row is inserted by the same flush.
   */
  insert: 'bumps' | 'never' | { unlessNew: string };
  /**
   * Counters a deleted row also moves: the database itself changes cached rows that point at it
   * (a foreign key ON DELETE SET NULL).
   */
  deleteAlso?: readonly ReadRevisionKind[];
}

/**
 * Rows a cached answer reads that are written once and never changed: inserting one changes no
 * answer kept before, since only a newer row can point at it, and the subscriber refuses to flush
 * an update or a deletion of one.
 */
export type Immutable = 'immutable';

/**
 * Every entity whose rows a cached GET answer reads, declared once. A write through the unit of
 * work of any of them moves its company's counter in the same transaction, whoever writes; a new
 * cached answer adds the entities it reads here (a test compares this table with the tables the
 * cached readers select from).
 *
 * - GET /v1/invoices/{id} (InvoiceReader) reads the invoice, its lines and taxes, the codes of its
 *   emission point and establishment, and the hashes of its template versions.
 * - GET /v1/clients (ClientService.list) reads the company's clients.
 */
export const READ_DEPENDENCIES: ReadonlyMap<EntityClass<object>, ReadDependency | Immutable> = new Map<
  EntityClass<object>,
  ReadDependency | Immutable
>([
  [Invoice, { counter: 'invoices', company: ['company'], insert: 'never' }],
  [InvoiceLine, { counter: 'invoices', company: ['invoice', 'company'], insert: { unlessNew: 'invoice' } }],
  [InvoiceTax, { counter: 'invoices', company: ['invoice', 'company'], insert: { unlessNew: 'invoice' } }],
  // Only invoices point at them, so a new one is seen only through a newer invoice.
  [EmissionPoint, { counter: 'invoices', company: ['establishment', 'company'], insert: 'never' }],
  [Establishment, { counter: 'invoices', company: ['company'], insert: 'never' }],
  [TemplateVersion, 'immutable'],
  // invoices.client_id is ON DELETE SET NULL, and an invoice answers its clientId.
  [Client, { counter: 'clients', company: ['company'], insert: 'bumps', deleteAlso: ['invoices'] }],
]);
