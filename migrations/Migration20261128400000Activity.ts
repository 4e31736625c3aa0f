import { Migration } from '@mikro-orm/migrations';

/**
 * The activity trail (decision 60): one row per change an operator makes, written in the change's
 * own transaction and only ever inserted. Read newest first, for every company or one, so both
 * indexes end with (at, id): a page continues after the last row it printed.
 */
export class Migration20261128400000Activity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `activity` (`id` int unsigned not null auto_increment primary key, `at` datetime(3) not null, ' +
        '`actor` varchar(320) not null, `company_id` int unsigned null, `action` varchar(32) not null, `target` varchar(255) not null, ' +
        '`details` text not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `activity` add index `activity_company_id_index`(`company_id`)');
    this.addSql('alter table `activity` add index `ix_activity_at`(`at`, `id`)');
    this.addSql('alter table `activity` add index `ix_activity_company_at`(`company_id`, `at`, `id`)');
    this.addSql(
      'alter table `activity` add constraint `activity_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade on delete set null',
    );
  }
}
