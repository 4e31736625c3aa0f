import { Migration } from '@mikro-orm/migrations';

/**
 * Letterheads published once for every instance (`admin template publish`): one row per publish
 * or rollback of a company's template of a document type, never changed or deleted; the newest
 * row of a (company, document type) is what its new documents print with. A fourth change
 * counter per company, `letterheads`, moves with every such row, so each instance's memory of
 * the current publication is checked against the database on every request.
 */
export class Migration20261128100000LetterheadPublications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `letterhead_publications` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, ' +
        '`document_type` varchar(16) not null, `action` varchar(16) not null, `template_version_id` int unsigned not null, ' +
        '`logo_version_id` int unsigned null, `previous_id` int unsigned null, `published_at` datetime(3) not null, ' +
        '`published_by` varchar(255) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `letterhead_publications` add index `letterhead_publications_company_id_index`(`company_id`)');
    this.addSql(
      'alter table `letterhead_publications` add index `letterhead_publications_template_version_id_index`(`template_version_id`)',
    );
    this.addSql('alter table `letterhead_publications` add index `letterhead_publications_logo_version_id_index`(`logo_version_id`)');
    this.addSql('alter table `letterhead_publications` add index `letterhead_publications_previous_id_index`(`previous_id`)');
    this.addSql(
      'alter table `letterhead_publications` add index `ix_letterhead_publications_current`(`company_id`, `document_type`, `id`)',
    );
    this.addSql(
      'alter table `letterhead_publications` add constraint `letterhead_publications_company_id_foreign` foreign key (`company_id`) ' +
        'references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `letterhead_publications` add constraint `letterhead_publications_template_version_id_foreign` foreign key (`template_version_id`) ' +
        'references `template_versions` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `letterhead_publications` add constraint `letterhead_publications_logo_version_id_foreign` foreign key (`logo_version_id`) ' +
        'references `template_versions` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `letterhead_publications` add constraint `letterhead_publications_previous_id_foreign` foreign key (`previous_id`) ' +
        'references `letterhead_publications` (`id`) on update cascade on delete set null',
    );
    this.addSql('alter table `read_revisions` add `letterheads` int unsigned not null default 0');
  }
}
