import { Migration } from '@mikro-orm/migrations';

/**
 * Credit and debit notes (notas de crédito 06 and de débito 07): one table for both, a
 * `document_type` telling them apart, with their lines and their tax breakdown. A note stores what
 * it prints, as an invoice does. Numbers are unique per range, like an invoice's. An invoice also
 * keeps why it was annulled.
 */
export class Migration20261126020000CreditAndDebitNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `notes` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `document_type` varchar(16) not null, ' +
        '`emission_point_id` int unsigned not null, `cai_range_id` int unsigned not null, `cai` varchar(64) not null, `note_number` int unsigned not null, ' +
        '`fiscal_number` varchar(19) not null, `note_date` datetime(3) not null, `cai_range_start` int unsigned not null, `cai_range_end` int unsigned not null, ' +
        '`cai_deadline` date not null, `issuer_name` varchar(255) not null, `issuer_trade_name` varchar(255) null, `issuer_rtn` varchar(14) not null, ' +
        '`issuer_address` varchar(255) null, `issuer_phone` varchar(64) null, `issuer_email` varchar(255) null, `establishment_name` varchar(255) null, ' +
        '`establishment_address` varchar(255) null, `invoice_id` int unsigned not null, `invoice_fiscal_number` varchar(19) not null, `invoice_cai` varchar(64) not null, ' +
        '`invoice_date` datetime(3) not null, `client_name` varchar(255) null, `client_legal_id` varchar(32) null, `is_exonerated` tinyint(1) not null, ' +
        '`exoneration_certificate` varchar(64) null, `exoneration_sag_registry` varchar(64) null, `exempt_purchase_order_number` varchar(64) null, ' +
        '`reason` varchar(255) not null, `importe` numeric(18,2) not null, `discount_total` numeric(18,2) not null, `exempted_amount` numeric(18,2) not null, ' +
        '`exonerated_amount` numeric(18,2) not null, `total_taxes` numeric(18,2) not null, `total` numeric(18,2) not null, `total_in_letters` varchar(512) not null, ' +
        '`is_annulled` tinyint(1) not null default false, `annulled_at` datetime(3) null, `annul_reason` varchar(255) null, ' +
        '`template_version_id` int unsigned null, `logo_version_id` int unsigned null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `notes` add index `notes_company_id_index`(`company_id`)');
    this.addSql('alter table `notes` add index `notes_emission_point_id_index`(`emission_point_id`)');
    this.addSql('alter table `notes` add index `notes_invoice_id_index`(`invoice_id`)');
    this.addSql('alter table `notes` add index `notes_cai_range_id_index`(`cai_range_id`)');
    this.addSql('alter table `notes` add index `notes_template_version_id_index`(`template_version_id`)');
    this.addSql('alter table `notes` add index `notes_logo_version_id_index`(`logo_version_id`)');
    this.addSql('alter table `notes` add index `ix_notes_company_date`(`company_id`, `note_date`)');
    this.addSql('alter table `notes` add index `ix_notes_invoice`(`invoice_id`, `document_type`)');
    this.addSql('alter table `notes` add unique `uq_notes_cai_range_number`(`cai_range_id`, `note_number`)');
    this.addSql(
      'alter table `notes` add constraint `notes_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `notes` add constraint `notes_emission_point_id_foreign` foreign key (`emission_point_id`) references `emission_points` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `notes` add constraint `notes_cai_range_id_foreign` foreign key (`cai_range_id`) references `cai_ranges` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `notes` add constraint `notes_invoice_id_foreign` foreign key (`invoice_id`) references `invoices` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `notes` add constraint `notes_template_version_id_foreign` foreign key (`template_version_id`) references `template_versions` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `notes` add constraint `notes_logo_version_id_foreign` foreign key (`logo_version_id`) references `template_versions` (`id`) on update cascade on delete set null',
    );

    this.addSql(
      'create table `note_lines` (`id` int unsigned not null auto_increment primary key, `note_id` int unsigned not null, `line_number` smallint unsigned not null, ' +
        '`invoice_line_number` smallint unsigned null, `product_code` varchar(64) null, `description` varchar(255) not null, `quantity` numeric(18,4) not null, ' +
        '`unit_price` numeric(18,4) not null, `importe` numeric(18,2) not null, `discount_amount` numeric(18,2) not null, `sub_total` numeric(18,2) not null, ' +
        '`exempt_amount` numeric(18,2) not null, `isv_rate` numeric(9,4) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `note_lines` add index `note_lines_note_id_index`(`note_id`)');
    this.addSql('alter table `note_lines` add unique `uq_note_lines_note_line`(`note_id`, `line_number`)');
    this.addSql(
      'alter table `note_lines` add constraint `note_lines_note_id_foreign` foreign key (`note_id`) references `notes` (`id`) on update cascade',
    );

    this.addSql(
      'create table `note_taxes` (`id` int unsigned not null auto_increment primary key, `note_id` int unsigned not null, `rate` numeric(9,4) not null, ' +
        '`taxed_amount` numeric(18,2) not null, `tax_amount` numeric(18,2) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `note_taxes` add index `note_taxes_note_id_index`(`note_id`)');
    this.addSql('alter table `note_taxes` add unique `uq_note_taxes_note_rate`(`note_id`, `rate`)');
    this.addSql(
      'alter table `note_taxes` add constraint `note_taxes_note_id_foreign` foreign key (`note_id`) references `notes` (`id`) on update cascade',
    );

    this.addSql('alter table `invoices` add `annul_reason` varchar(255) null after `annulled_at`');
  }
}
