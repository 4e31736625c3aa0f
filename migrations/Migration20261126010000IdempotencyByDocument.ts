import { Migration } from '@mikro-orm/migrations';

/**
 * An idempotency key binds to a fiscal document of its scope (`invoice` for POST /v1/invoices,
 * `note` for the operator's credit and debit notes), not only to an invoice: the key's record now
 * carries the scope and the document's id, written in the same transaction as the document, so it
 * is never null. Keys are unique per (company, scope, key).
 */
export class Migration20261126010000IdempotencyByDocument extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "alter table `idempotency_records` add `scope` varchar(16) not null default 'invoice' after `company_id`, add `document_id` int unsigned null after `fingerprint`",
    );
    this.addSql('update `idempotency_records` set `document_id` = `invoice_id`');
    // Records of a transaction that never committed cannot exist; this removes any left by a crash of an older version.
    this.addSql('delete from `idempotency_records` where `document_id` is null');
    this.addSql('alter table `idempotency_records` modify `scope` varchar(16) not null, modify `document_id` int unsigned not null');
    // The new unique index first: it also serves the company's foreign key once the old one is gone.
    this.addSql(
      'alter table `idempotency_records` add unique `uq_idempotency_records_company_scope_key`(`company_id`, `scope`, `idempotency_key`)',
    );
    this.addSql('alter table `idempotency_records` drop index `uq_idempotency_records_company_key`');
    this.addSql('alter table `idempotency_records` drop foreign key `idempotency_records_invoice_id_foreign`');
    this.addSql('alter table `idempotency_records` drop index `idempotency_records_invoice_id_index`, drop column `invoice_id`');
  }
}
