import { Migration } from '@mikro-orm/migrations';

/** The whole data model of v1: companies and their fiscal setup, catalog, clients, keys, invoices. */
export class Migration20261122000000Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `companies` (`id` int unsigned not null auto_increment primary key, `code` varchar(32) not null, `name` varchar(255) not null, `trade_name` varchar(255) null, `rtn` varchar(14) not null, `address` varchar(255) null, `phone` varchar(64) null, `email` varchar(255) null, `exchange_rate` numeric(18,4) null, `created_at` datetime(3) not null, `updated_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `companies` add unique `uq_companies_code`(`code`)');
    this.addSql(
      'create table `clients` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `client_name` varchar(255) not null, `email` varchar(255) not null, `legal_id` varchar(32) null, `phone` varchar(32) null, `address` varchar(255) null, `exoneration_certificate` varchar(64) null, `exoneration_valid_until` date null, `created_at` datetime(3) not null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `clients` add index `clients_company_id_index`(`company_id`)');
    this.addSql('alter table `clients` add index `ix_clients_company_name`(`company_id`, `client_name`, `id`)');
    this.addSql('alter table `clients` add unique `uq_client_legal_id_company`(`company_id`, `legal_id`)');
    this.addSql('alter table `clients` add unique `uq_client_code_company`(`company_id`, `code`)');
    this.addSql(
      'create table `api_keys` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `prefix` varchar(32) not null, `key_hash` varchar(64) not null, `created_at` datetime(3) not null, `expires_at` datetime(3) null, `revoked_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `api_keys` add unique `uq_api_keys_key_hash`(`key_hash`)');
    this.addSql('alter table `api_keys` add index `ix_api_keys_company`(`company_id`)');
    this.addSql(
      'create table `discount_policies` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `percent` numeric(9,4) not null, `active` tinyint(1) not null default true, `valid_from` date null, `valid_to` date null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `discount_policies` add index `discount_policies_company_id_index`(`company_id`)');
    this.addSql('alter table `discount_policies` add unique `uq_discount_policies_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `establishments` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(3) not null, `name` varchar(255) null, `address` varchar(255) null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `establishments` add index `establishments_company_id_index`(`company_id`)');
    this.addSql('alter table `establishments` add unique `uq_establishments_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `emission_points` (`id` int unsigned not null auto_increment primary key, `establishment_id` int unsigned not null, `code` varchar(3) not null, `name` varchar(255) null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `emission_points` add index `emission_points_establishment_id_index`(`establishment_id`)');
    this.addSql('alter table `emission_points` add unique `uq_emission_points_establishment_code`(`establishment_id`, `code`)');
    this.addSql(
      'create table `cai_ranges` (`id` int unsigned not null auto_increment primary key, `emission_point_id` int unsigned not null, `cai` varchar(64) not null, `range_start` int unsigned not null, `range_end` int unsigned not null, `deadline` date not null, `next_number` int unsigned not null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `cai_ranges` add index `cai_ranges_emission_point_id_index`(`emission_point_id`)');
    this.addSql('alter table `cai_ranges` add unique `uq_cai_ranges_emission_point_cai`(`emission_point_id`, `cai`)');
    this.addSql(
      'create table `operator_users` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `name` varchar(255) not null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `operator_users` add index `operator_users_company_id_index`(`company_id`)');
    this.addSql('alter table `operator_users` add unique `uq_operator_users_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `payment_terminals` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `name` varchar(255) not null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `payment_terminals` add index `payment_terminals_company_id_index`(`company_id`)');
    this.addSql('alter table `payment_terminals` add unique `uq_payment_terminals_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `price_lists` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `name` varchar(255) null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `price_lists` add index `price_lists_company_id_index`(`company_id`)');
    this.addSql('alter table `price_lists` add unique `uq_price_lists_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `invoices` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `emission_point_id` int unsigned not null, `cai_range_id` int unsigned not null, `cai` varchar(64) not null, `invoice_number` int unsigned not null, `fiscal_number` varchar(19) not null, `invoice_date` datetime(3) not null, `client_id` int unsigned null, `client_name` varchar(255) null, `client_legal_id` varchar(32) null, `exoneration_certificate` varchar(64) null, `purchase_order_number` varchar(255) null, `importe` numeric(18,2) not null, `discount_total` numeric(18,2) not null, `exempted_amount` numeric(18,2) not null, `exonerated_amount` numeric(18,2) not null, `total_taxes` numeric(18,2) not null, `total` numeric(18,2) not null, `total_in_letters` varchar(512) not null, `applied_dollar_exchange_rate` numeric(18,4) null, `is_paid` tinyint(1) not null default true, `is_annulled` tinyint(1) not null default false, `annulled_at` datetime(3) null, `creator_user_id` int unsigned not null, `payment_terminal_id` int unsigned not null, `price_list_id` int unsigned not null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `invoices` add index `invoices_emission_point_id_index`(`emission_point_id`)');
    this.addSql('alter table `invoices` add index `invoices_cai_range_id_index`(`cai_range_id`)');
    this.addSql('alter table `invoices` add index `invoices_client_id_index`(`client_id`)');
    this.addSql('alter table `invoices` add index `invoices_creator_user_id_index`(`creator_user_id`)');
    this.addSql('alter table `invoices` add index `invoices_payment_terminal_id_index`(`payment_terminal_id`)');
    this.addSql('alter table `invoices` add index `invoices_price_list_id_index`(`price_list_id`)');
    this.addSql('alter table `invoices` add index `ix_invoices_company`(`company_id`)');
    this.addSql('alter table `invoices` add unique `uq_invoices_cai_range_number`(`cai_range_id`, `invoice_number`)');
    this.addSql(
      'create table `invoice_taxes` (`id` int unsigned not null auto_increment primary key, `invoice_id` int unsigned not null, `rate` numeric(9,4) not null, `taxed_amount` numeric(18,2) not null, `tax_amount` numeric(18,2) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `invoice_taxes` add index `invoice_taxes_invoice_id_index`(`invoice_id`)');
    this.addSql('alter table `invoice_taxes` add unique `uq_invoice_taxes_invoice_rate`(`invoice_id`, `rate`)');
    this.addSql(
      'create table `idempotency_records` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `idempotency_key` varchar(255) not null, `fingerprint` varchar(64) not null, `invoice_id` int unsigned null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `idempotency_records` add index `idempotency_records_company_id_index`(`company_id`)');
    this.addSql('alter table `idempotency_records` add index `idempotency_records_invoice_id_index`(`invoice_id`)');
    this.addSql('alter table `idempotency_records` add index `ix_idempotency_records_created_at`(`created_at`)');
    this.addSql('alter table `idempotency_records` add unique `uq_idempotency_records_company_key`(`company_id`, `idempotency_key`)');
    this.addSql(
      'create table `integration_settings` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `enabled` tinyint(1) not null default false, `emission_point_id` int unsigned null, `creator_user_id` int unsigned null, `price_list_id` int unsigned null, `payment_terminal_id` int unsigned null, `exonerated_sales` tinyint(1) not null default false) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `integration_settings` add unique `uq_integration_settings_company`(`company_id`)');
    this.addSql('alter table `integration_settings` add index `integration_settings_emission_point_id_index`(`emission_point_id`)');
    this.addSql('alter table `integration_settings` add index `integration_settings_creator_user_id_index`(`creator_user_id`)');
    this.addSql('alter table `integration_settings` add index `integration_settings_price_list_id_index`(`price_list_id`)');
    this.addSql('alter table `integration_settings` add index `integration_settings_payment_terminal_id_index`(`payment_terminal_id`)');
    this.addSql(
      'create table `products` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `code` varchar(64) not null, `name` varchar(255) not null, `isv_rate` numeric(9,4) null, `exempt` tinyint(1) not null default false, `exempt_per_unit` numeric(18,4) null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `products` add index `products_company_id_index`(`company_id`)');
    this.addSql('alter table `products` add unique `uq_products_company_code`(`company_id`, `code`)');
    this.addSql(
      'create table `invoice_lines` (`id` int unsigned not null auto_increment primary key, `invoice_id` int unsigned not null, `line_number` smallint unsigned not null, `product_id` int unsigned not null, `external_product_id` varchar(255) null, `product_code` varchar(64) not null, `description` varchar(255) not null, `quantity` numeric(18,4) not null, `unit_price` numeric(18,4) not null, `importe` numeric(18,2) not null, `discount_amount` numeric(18,2) not null, `sub_total` numeric(18,2) not null, `exempt_amount` numeric(18,2) not null, `isv_rate` numeric(9,4) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `invoice_lines` add index `invoice_lines_invoice_id_index`(`invoice_id`)');
    this.addSql('alter table `invoice_lines` add index `invoice_lines_product_id_index`(`product_id`)');
    this.addSql('alter table `invoice_lines` add unique `uq_invoice_lines_invoice_line`(`invoice_id`, `line_number`)');
    this.addSql(
      'create table `product_mappings` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, `external_product_id` varchar(255) not null, `product_id` int unsigned not null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `product_mappings` add index `product_mappings_company_id_index`(`company_id`)');
    this.addSql('alter table `product_mappings` add index `product_mappings_product_id_index`(`product_id`)');
    this.addSql('alter table `product_mappings` add index `ix_product_mappings_company_external`(`company_id`, `external_product_id`)');
    this.addSql(
      'alter table `product_mappings` add unique `uq_product_mappings_company_external_product`(`company_id`, `external_product_id`, `product_id`)',
    );
    this.addSql(
      "create table `product_prices` (`id` int unsigned not null auto_increment primary key, `price_list_id` int unsigned not null, `product_id` int unsigned not null, `price` numeric(18,4) not null, `currency` varchar(3) not null default 'HNL', `discount_policy_id` int unsigned null, `deleted_at` datetime(3) null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql('alter table `product_prices` add index `product_prices_price_list_id_index`(`price_list_id`)');
    this.addSql('alter table `product_prices` add index `product_prices_product_id_index`(`product_id`)');
    this.addSql('alter table `product_prices` add index `product_prices_discount_policy_id_index`(`discount_policy_id`)');
    this.addSql('alter table `product_prices` add unique `uq_product_prices_list_product`(`price_list_id`, `product_id`)');
    this.addSql(
      'alter table `clients` add constraint `clients_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `api_keys` add constraint `api_keys_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `discount_policies` add constraint `discount_policies_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `establishments` add constraint `establishments_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `emission_points` add constraint `emission_points_establishment_id_foreign` foreign key (`establishment_id`) references `establishments` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `cai_ranges` add constraint `cai_ranges_emission_point_id_foreign` foreign key (`emission_point_id`) references `emission_points` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `operator_users` add constraint `operator_users_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `payment_terminals` add constraint `payment_terminals_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `price_lists` add constraint `price_lists_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_emission_point_id_foreign` foreign key (`emission_point_id`) references `emission_points` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_cai_range_id_foreign` foreign key (`cai_range_id`) references `cai_ranges` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_client_id_foreign` foreign key (`client_id`) references `clients` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_creator_user_id_foreign` foreign key (`creator_user_id`) references `operator_users` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_payment_terminal_id_foreign` foreign key (`payment_terminal_id`) references `payment_terminals` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoices` add constraint `invoices_price_list_id_foreign` foreign key (`price_list_id`) references `price_lists` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoice_taxes` add constraint `invoice_taxes_invoice_id_foreign` foreign key (`invoice_id`) references `invoices` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `idempotency_records` add constraint `idempotency_records_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `idempotency_records` add constraint `idempotency_records_invoice_id_foreign` foreign key (`invoice_id`) references `invoices` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `integration_settings` add constraint `integration_settings_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `integration_settings` add constraint `integration_settings_emission_point_id_foreign` foreign key (`emission_point_id`) references `emission_points` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `integration_settings` add constraint `integration_settings_creator_user_id_foreign` foreign key (`creator_user_id`) references `operator_users` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `integration_settings` add constraint `integration_settings_price_list_id_foreign` foreign key (`price_list_id`) references `price_lists` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `integration_settings` add constraint `integration_settings_payment_terminal_id_foreign` foreign key (`payment_terminal_id`) references `payment_terminals` (`id`) on update cascade on delete set null',
    );
    this.addSql(
      'alter table `products` add constraint `products_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoice_lines` add constraint `invoice_lines_invoice_id_foreign` foreign key (`invoice_id`) references `invoices` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `invoice_lines` add constraint `invoice_lines_product_id_foreign` foreign key (`product_id`) references `products` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `product_mappings` add constraint `product_mappings_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `product_mappings` add constraint `product_mappings_product_id_foreign` foreign key (`product_id`) references `products` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `product_prices` add constraint `product_prices_price_list_id_foreign` foreign key (`price_list_id`) references `price_lists` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `product_prices` add constraint `product_prices_product_id_foreign` foreign key (`product_id`) references `products` (`id`) on update cascade',
    );
    this.addSql(
      'alter table `product_prices` add constraint `product_prices_discount_policy_id_foreign` foreign key (`discount_policy_id`) references `discount_policies` (`id`) on update cascade on delete set null',
    );
  }
}
