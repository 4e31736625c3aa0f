import { Migration } from '@mikro-orm/migrations';

/**
 * Per-company counters of changes to what the API serves from its per-process read caches
 * (issued invoices, clients). No row means nothing changed yet: readers take a missing row as 0.
 */
export class Migration20261124050000ReadRevisions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `read_revisions` (`company_id` int unsigned not null, `invoices` int unsigned not null default 0, ' +
        '`clients` int unsigned not null default 0, primary key (`company_id`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `read_revisions` add constraint `read_revisions_company_id_foreign` foreign key (`company_id`) ' +
        'references `companies` (`id`) on update cascade on delete cascade',
    );
  }
}
