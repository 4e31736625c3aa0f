import type { EntityClass } from '@mikro-orm/core';
import * as entities from '../entities';
import type { ReadRevisionKind } from './read-revisions';

/** How a change of an entity's rows moves the read caches' counters (read-revision.subscriber.ts). */
export interface ReadDependency {
  /** The counters of the cached answers the rows appear in (an establishment is in issued invoices and in what new ones are priced with). */
  counters: readonly ReadRevisionKind[];
  /** The relations leading from a row to the company whose answers it appears in; none for the company row itself. */
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
 * Every entity whose rows a cached answer reads, declared once. A write through the unit of
 * work of any of them moves its company's counters in the same transaction, whoever writes; a new
 * cached answer adds the entities it reads here (a test compares this table with the tables the
 * cached readers select from).
 *
 * - GET /v1/invoices/{id} (InvoiceReader) reads the invoice, its lines and taxes, the codes of its
 *   emission point and establishment, and the hashes of its template versions.
 * - GET /v1/clients (ClientService.list) reads the company's clients; pricing (SaleClientResolver)
 *   reads the sale's client.
 * - Pricing (PricingSnapshots) reads the company, its integration defaults and what they point at
 *   (emission point and its establishment, creator user, price list, payment terminal), the
 *   product mappings with their products, and the prices of the price list with their discount
 *   policies.
 * - The current letterhead of a document type (TemplateVersionStore.published) reads the newest
 *   publication of the company and the hashes of its versions.
 */
export const READ_DEPENDENCIES: ReadonlyMap<EntityClass<object>, ReadDependency | Immutable> = new Map<
  EntityClass<object>,
  ReadDependency | Immutable
>([
  [entities.Invoice, { counters: ['invoices'], company: ['company'], insert: 'never' }],
  [entities.InvoiceLine, { counters: ['invoices'], company: ['invoice', 'company'], insert: { unlessNew: 'invoice' } }],
  [entities.InvoiceTax, { counters: ['invoices'], company: ['invoice', 'company'], insert: { unlessNew: 'invoice' } }],
  // Only invoices and the integration defaults point at them, so a new one is seen only through a
  // newer invoice or a change of the defaults (which bumps `catalog` itself).
  [entities.EmissionPoint, { counters: ['invoices', 'catalog'], company: ['establishment', 'company'], insert: 'never' }],
  [entities.Establishment, { counters: ['invoices', 'catalog'], company: ['company'], insert: 'never' }],
  [entities.TemplateVersion, 'immutable'],
  // invoices.client_id is ON DELETE SET NULL, and an invoice answers its clientId.
  [entities.Client, { counters: ['clients'], company: ['company'], insert: 'bumps', deleteAlso: ['invoices'] }],
  // No key of a company that did not exist can have priced anything.
  [entities.Company, { counters: ['catalog'], company: [], insert: 'never' }],
  [entities.IntegrationSettings, { counters: ['catalog'], company: ['company'], insert: 'bumps' }],
  // Reached only through the integration defaults, whose change to point at a new one bumps.
  [entities.OperatorUser, { counters: ['catalog'], company: ['company'], insert: 'never' }],
  [entities.PriceList, { counters: ['catalog'], company: ['company'], insert: 'never' }],
  [entities.PaymentTerminal, { counters: ['catalog'], company: ['company'], insert: 'never' }],
  // A product is priced only through a mapping, a discount policy only through a price: inserting
  // that mapping or price (or changing one to point at it) bumps.
  [entities.Product, { counters: ['catalog'], company: ['company'], insert: 'never' }],
  [entities.DiscountPolicy, { counters: ['catalog'], company: ['company'], insert: 'never' }],
  [entities.ProductMapping, { counters: ['catalog'], company: ['company'], insert: 'bumps' }],
  [entities.ProductPrice, { counters: ['catalog'], company: ['priceList', 'company'], insert: 'bumps' }],
  // A new row is a new current letterhead: that is the change every instance must see.
  [entities.LetterheadPublication, { counters: ['letterheads'], company: ['company'], insert: 'bumps' }],
]);
