import { Migration } from '@mikro-orm/migrations';

/**
 * A deleted client frees its RTN for a new client of the company, while its row stays for the
 * documents that name it. The RTN's unique index takes a generated column, `live`: 1 while the
 * client is live, NULL once deleted; a unique index never counts a row with a NULL in it as a
 * duplicate, so only live clients compete for an RTN. Lookups by RTN still use the index's
 * (company, RTN) prefix. A stored generated column with a unique index works alike on MySQL 8 and
 * MariaDB.
 */
export class Migration20261129600000LiveClientRtn extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `clients` add `live` tinyint generated always as (case when `deleted_at` is null then 1 end) stored');
    this.addSql(
      'alter table `clients` drop index `uq_client_legal_id_company`, add unique `uq_client_legal_id_company`(`company_id`, `legal_id`, `live`)',
    );
  }
}
