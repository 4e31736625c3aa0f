import { ActivityEntry } from './activity-entry.entity';
import { ApiKey } from './api-key.entity';
import { CaiRange } from './cai-range.entity';
import { Client } from './client.entity';
import { Company } from './company.entity';
import { ConsoleOperator } from './console-operator.entity';
import { ConsoleOperatorCompany } from './console-operator-company.entity';
import { ConsoleSession } from './console-session.entity';
import { ConsoleSignInFailure } from './console-sign-in-failure.entity';
import { ConsoleSignInThrottle } from './console-sign-in-throttle.entity';
import { DeliveryMessage } from './delivery-message.entity';
import { DiscountPolicy } from './discount-policy.entity';
import { EmissionPoint } from './emission-point.entity';
import { Establishment } from './establishment.entity';
import { IdempotencyRecord, type IdempotencyScope } from './idempotency-record.entity';
import { IntegrationSettings } from './integration-settings.entity';
import { Invoice } from './invoice.entity';
import { InvoiceLine } from './invoice-line.entity';
import { InvoiceTax } from './invoice-tax.entity';
import { LetterheadPublication, type LetterheadAction } from './letterhead-publication.entity';
import { MigrationLock } from './migration-lock.entity';
import { Note, type NoteType } from './note.entity';
import { NoteLine } from './note-line.entity';
import { NoteTax } from './note-tax.entity';
import { OperatorUser } from './operator-user.entity';
import { PaymentTerminal } from './payment-terminal.entity';
import { PriceList } from './price-list.entity';
import { Product } from './product.entity';
import { ProductMapping } from './product-mapping.entity';
import { ProductPrice } from './product-price.entity';
import { ReadRevision } from './read-revision.entity';
import { ServerSecret } from './server-secret.entity';
import { TemplateVersion } from './template-version.entity';

export type { IdempotencyScope, LetterheadAction, NoteType };
export {
  ActivityEntry,
  ApiKey,
  CaiRange,
  Client,
  Company,
  ConsoleOperator,
  ConsoleOperatorCompany,
  ConsoleSession,
  ConsoleSignInFailure,
  ConsoleSignInThrottle,
  DeliveryMessage,
  DiscountPolicy,
  EmissionPoint,
  Establishment,
  IdempotencyRecord,
  IntegrationSettings,
  Invoice,
  InvoiceLine,
  InvoiceTax,
  LetterheadPublication,
  MigrationLock,
  Note,
  NoteLine,
  NoteTax,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  Product,
  ProductMapping,
  ProductPrice,
  ReadRevision,
  ServerSecret,
  TemplateVersion,
};

/** Every entity, for the ORM's discovery (explicit, no folder scanning). */
export const ALL_ENTITIES = [
  ActivityEntry,
  ApiKey,
  CaiRange,
  Client,
  Company,
  ConsoleOperator,
  ConsoleOperatorCompany,
  ConsoleSession,
  ConsoleSignInFailure,
  ConsoleSignInThrottle,
  DeliveryMessage,
  DiscountPolicy,
  EmissionPoint,
  Establishment,
  IdempotencyRecord,
  IntegrationSettings,
  Invoice,
  InvoiceLine,
  InvoiceTax,
  LetterheadPublication,
  MigrationLock,
  Note,
  NoteLine,
  NoteTax,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  Product,
  ProductMapping,
  ProductPrice,
  ReadRevision,
  ServerSecret,
  TemplateVersion,
];
