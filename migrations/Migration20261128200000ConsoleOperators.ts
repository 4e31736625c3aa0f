import { Migration } from '@mikro-orm/migrations';

/**
 * The operator console's accounts (decision 58), the companies granted to accountants, the
 * server-side sessions and the failed sign-ins every instance counts (decision 59).
 */
export class Migration20261128200000ConsoleOperators extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `console_operators` (`id` int unsigned not null auto_increment primary key, `email` varchar(255) not null, ' +
        '`name` varchar(255) not null, `role` varchar(16) not null, `password_hash` varchar(255) not null, ' +
        '`password_changed_at` datetime(3) not null, `disabled_at` datetime(3) null, `created_at` datetime(3) not null) ' +
        'default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `console_operators` add unique `uq_console_operators_email`(`email`)');

    this.addSql(
      'create table `console_operator_companies` (`operator_id` int unsigned not null, `company_id` int unsigned not null, ' +
        'primary key (`operator_id`, `company_id`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `console_operator_companies` add index `console_operator_companies_operator_id_index`(`operator_id`)');
    this.addSql('alter table `console_operator_companies` add index `console_operator_companies_company_id_index`(`company_id`)');
    this.addSql(
      'alter table `console_operator_companies` add constraint `console_operator_companies_operator_id_foreign` foreign key (`operator_id`) ' +
        'references `console_operators` (`id`) on update cascade on delete cascade',
    );
    this.addSql(
      'alter table `console_operator_companies` add constraint `console_operator_companies_company_id_foreign` foreign key (`company_id`) ' +
        'references `companies` (`id`) on update cascade on delete cascade',
    );

    this.addSql(
      'create table `console_sessions` (`id_hash` varchar(64) not null, `operator_id` int unsigned not null, ' +
        '`csrf_token` varchar(64) not null, `created_at` datetime(3) not null, `last_seen_at` datetime(3) not null, ' +
        'primary key (`id_hash`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `console_sessions` add index `ix_console_sessions_operator`(`operator_id`)');
    this.addSql(
      'alter table `console_sessions` add constraint `console_sessions_operator_id_foreign` foreign key (`operator_id`) ' +
        'references `console_operators` (`id`) on update cascade on delete cascade',
    );

    this.addSql(
      'create table `console_sign_in_failures` (`id` int unsigned not null auto_increment primary key, `email` varchar(255) not null, ' +
        '`failed_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `console_sign_in_failures` add index `ix_console_sign_in_failures_email_at`(`email`, `failed_at`)');
  }
}
