import { Migration20261122000000Initial } from './Migration20261122000000Initial';
import { Migration20261122020000InvoiceIssuerSnapshot } from './Migration20261122020000InvoiceIssuerSnapshot';
import { Migration20261124000000ExoneratedBuyerReferences } from './Migration20261124000000ExoneratedBuyerReferences';
import { Migration20261124010000TemplateVersions } from './Migration20261124010000TemplateVersions';
import { Migration20261124020000SalesRegisterIndex } from './Migration20261124020000SalesRegisterIndex';
import { Migration20261124040000MigrationLock } from './Migration20261124040000MigrationLock';
import { Migration20261124050000ReadRevisions } from './Migration20261124050000ReadRevisions';
import { Migration20261126000000CaiRangeDocumentType } from './Migration20261126000000CaiRangeDocumentType';
import { Migration20261126010000IdempotencyByDocument } from './Migration20261126010000IdempotencyByDocument';
import { Migration20261126020000CreditAndDebitNotes } from './Migration20261126020000CreditAndDebitNotes';
import { Migration20261127000000CatalogRevision } from './Migration20261127000000CatalogRevision';
import { Migration20261128000000VerificationTokens } from './Migration20261128000000VerificationTokens';
import { Migration20261128100000LetterheadPublications } from './Migration20261128100000LetterheadPublications';
import { Migration20261128200000ConsoleOperators } from './Migration20261128200000ConsoleOperators';
import { Migration20261128300000ConsoleSearchIndexes } from './Migration20261128300000ConsoleSearchIndexes';
import { Migration20261128400000Activity } from './Migration20261128400000Activity';
import { Migration20261129000000ExactIdempotencyKeys } from './Migration20261129000000ExactIdempotencyKeys';
import { Migration20261129200000ServerSecrets } from './Migration20261129200000ServerSecrets';
import { Migration20261129300000SignInThrottling } from './Migration20261129300000SignInThrottling';
import { Migration20261129400000VerificationBases } from './Migration20261129400000VerificationBases';
import { Migration20261129410000InvoiceBuyer } from './Migration20261129410000InvoiceBuyer';
import { Migration20261129500000CaiRangeCancellation } from './Migration20261129500000CaiRangeCancellation';
import { Migration20261129600000LiveClientRtn } from './Migration20261129600000LiveClientRtn';
import { Migration20261130100000EmailDelivery } from './Migration20261130100000EmailDelivery';

/**
 * Every migration in order. Listed explicitly (no folder scan) so compiled JavaScript, ts-jest and
 * the CLI all run the same set. Never edit one that has been applied: add a new one.
 */
export const MIGRATIONS = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261122020000InvoiceIssuerSnapshot', class: Migration20261122020000InvoiceIssuerSnapshot },
  { name: 'Migration20261124000000ExoneratedBuyerReferences', class: Migration20261124000000ExoneratedBuyerReferences },
  { name: 'Migration20261124010000TemplateVersions', class: Migration20261124010000TemplateVersions },
  { name: 'Migration20261124020000SalesRegisterIndex', class: Migration20261124020000SalesRegisterIndex },
  { name: 'Migration20261124040000MigrationLock', class: Migration20261124040000MigrationLock },
  { name: 'Migration20261124050000ReadRevisions', class: Migration20261124050000ReadRevisions },
  { name: 'Migration20261126000000CaiRangeDocumentType', class: Migration20261126000000CaiRangeDocumentType },
  { name: 'Migration20261126010000IdempotencyByDocument', class: Migration20261126010000IdempotencyByDocument },
  { name: 'Migration20261126020000CreditAndDebitNotes', class: Migration20261126020000CreditAndDebitNotes },
  { name: 'Migration20261127000000CatalogRevision', class: Migration20261127000000CatalogRevision },
  { name: 'Migration20261128000000VerificationTokens', class: Migration20261128000000VerificationTokens },
  { name: 'Migration20261128100000LetterheadPublications', class: Migration20261128100000LetterheadPublications },
  { name: 'Migration20261128200000ConsoleOperators', class: Migration20261128200000ConsoleOperators },
  { name: 'Migration20261128300000ConsoleSearchIndexes', class: Migration20261128300000ConsoleSearchIndexes },
  { name: 'Migration20261128400000Activity', class: Migration20261128400000Activity },
  { name: 'Migration20261129000000ExactIdempotencyKeys', class: Migration20261129000000ExactIdempotencyKeys },
  { name: 'Migration20261129200000ServerSecrets', class: Migration20261129200000ServerSecrets },
  { name: 'Migration20261129300000SignInThrottling', class: Migration20261129300000SignInThrottling },
  { name: 'Migration20261129400000VerificationBases', class: Migration20261129400000VerificationBases },
  { name: 'Migration20261129410000InvoiceBuyer', class: Migration20261129410000InvoiceBuyer },
  { name: 'Migration20261129500000CaiRangeCancellation', class: Migration20261129500000CaiRangeCancellation },
  { name: 'Migration20261129600000LiveClientRtn', class: Migration20261129600000LiveClientRtn },
  { name: 'Migration20261130100000EmailDelivery', class: Migration20261130100000EmailDelivery },
];
