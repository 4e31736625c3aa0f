import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail delivery of issued documents (decisions 85-88): each company's `delivery` settings, off
 * by default, and the outbox, one row per message, written in the document's own transaction and
 * then claimed, sent and recorded by the sender of any instance. The due index serves the claim
 * (`status = 'QUEUED' AND next_attempt_at <= now`), the document index the console's pages.
 */
export class Migration20261130100000EmailDelivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table `companies` add `delivery_email` tinyint(1) not null default false, add `delivery_from` varchar(255) null, ' +
        'add `delivery_reply_to` varchar(255) null, add `delivery_bcc` varchar(255) null',
    );
    this.addSql(
      'create table `delivery_messages` (`id` int unsigned not null auto_increment primary key, `company_id` int unsigned not null, ' +
        '`document_type` varchar(16) not null, `document_id` int unsigned not null, `recipient` varchar(255) not null, ' +
        '`message_id` varchar(255) not null, `status` varchar(8) not null, `attempts` int unsigned not null default 0, ' +
        '`next_attempt_at` datetime(3) not null, `claimed_until` datetime(3) null, `sent_at` datetime(3) null, ' +
        '`last_error` varchar(1000) null, `requested_by` varchar(320) null, `created_at` datetime(3) not null) ' +
        'default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `delivery_messages` add index `delivery_messages_company_id_index`(`company_id`)');
    this.addSql('alter table `delivery_messages` add index `ix_delivery_messages_due`(`status`, `next_attempt_at`)');
    this.addSql('alter table `delivery_messages` add index `ix_delivery_messages_document`(`company_id`, `document_type`, `document_id`)');
    this.addSql('alter table `delivery_messages` add unique `uq_delivery_messages_message_id`(`message_id`)');
    this.addSql(
      'alter table `delivery_messages` add constraint `delivery_messages_company_id_foreign` foreign key (`company_id`) references `companies` (`id`) on update cascade',
    );
  }
}
