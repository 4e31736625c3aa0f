import { Migration } from '@mikro-orm/migrations';

/**
 * A final consumer above the threshold may be identified by a DNI, a passport or a resident's
 * card, not only an RTN (decision 70): the invoice keeps the buyer's document type and number, and
 * what prints in the RTN's space (on the invoice, and copied onto its notes) grows to hold the
 * longest type and number.
 */
export class Migration20261129410000InvoiceBuyer extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `invoices` modify `client_legal_id` varchar(40) null');
    this.addSql('alter table `invoices` add `buyer_id_type` varchar(16) null, add `buyer_id_number` varchar(20) null');
    this.addSql('alter table `notes` modify `client_legal_id` varchar(40) null');
  }
}
