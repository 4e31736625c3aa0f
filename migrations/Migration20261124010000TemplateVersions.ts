import { Migration } from '@mikro-orm/migrations';

/**
 * Copies of an invoice must be identical to the original (Acuerdo 481-2017 Art. 38), so the
 * template and logo an invoice is issued with are kept in the database, addressed by the SHA-256
 * of their bytes, and the invoice records which. Invoices issued before this have none yet: SQL
 * cannot read the template files, so the start-up step that runs right after the migrations,
 * under the same lock, fixes the versions current at that moment on them.
 */
export class Migration20261124010000TemplateVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `template_versions` (`id` int unsigned not null auto_increment primary key, `kind` varchar(16) not null, ' +
        '`sha256` varchar(64) not null, `content` mediumblob not null, `byte_size` int unsigned not null, `created_at` datetime(3) not null) ' +
        'default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `template_versions` add unique `uq_template_versions_kind_sha256`(`kind`, `sha256`)');
    this.addSql('alter table `invoices` add `template_version_id` int unsigned null, add `logo_version_id` int unsigned null');
    this.addSql('alter table `invoices` add index `invoices_template_version_id_index`(`template_version_id`)');
    this.addSql('alter table `invoices` add index `invoices_logo_version_id_index`(`logo_version_id`)');
    this.addSql(
      'alter table `invoices` add constraint `invoices_template_version_id_foreign` foreign key (`template_version_id`) ' +
        'references `template_versions` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_logo_version_id_foreign` foreign key (`logo_version_id`) ' +
        'references `template_versions` (`id`) on update cascade on delete set null',
    );
  }
}
