/**
 * Every entity of the service, exported by name. This list is also the ORM's discovery list
 * (all-entities.ts takes every class exported here): an entity is added by one line here.
 */
export { ActivityEntry } from './activity-entry.entity';
export { ApiKey } from './api-key.entity';
export { CaiRange } from './cai-range.entity';
export { Client } from './client.entity';
export { Company } from './company.entity';
export { ConsoleOperator } from './console-operator.entity';
export { ConsoleOperatorCompany } from './console-operator-company.entity';
export { ConsoleSession } from './console-session.entity';
export { ConsoleSignInFailure } from './console-sign-in-failure.entity';
export { ConsoleSignInThrottle } from './console-sign-in-throttle.entity';
export { DeliveryMessage } from './delivery-message.entity';
export { DiscountPolicy } from './discount-policy.entity';
export { EmissionPoint } from './emission-point.entity';
export { Establishment } from './establishment.entity';
export { IdempotencyRecord, type IdempotencyScope } from './idempotency-record.entity';
export { IntegrationSettings } from './integration-settings.entity';
export { Invoice } from './invoice.entity';
export { InvoiceLine } from './invoice-line.entity';
export { InvoiceTax } from './invoice-tax.entity';
export { LetterheadPublication, type LetterheadAction } from './letterhead-publication.entity';
export { MigrationLock } from './migration-lock.entity';
export { Note, type NoteType } from './note.entity';
export { NoteLine } from './note-line.entity';
export { NoteTax } from './note-tax.entity';
export { OperatorUser } from './operator-user.entity';
export { PaymentTerminal } from './payment-terminal.entity';
export { PriceList } from './price-list.entity';
export { Product } from './product.entity';
export { ProductMapping } from './product-mapping.entity';
export { ProductPrice } from './product-price.entity';
export { ReadRevision } from './read-revision.entity';
export { ServerSecret } from './server-secret.entity';
export { TemplateVersion } from './template-version.entity';
export type { IssuedDocumentRecord, SaleDocumentRecord } from './issued-document.base';
