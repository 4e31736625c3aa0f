import { Migration } from '@mikro-orm/migrations';

/**
 * The references an invoice to an exonerated buyer must print (Acuerdo 481-2017, Art. 10
 * num. 8 and Art. 11 num. 4): the client's Registro SAG number beside its exoneration
 * certificate, and, per sale, the exempt purchase order number. The invoice keeps both as
 * issued, like the certificate it already keeps, so a reprint never changes.
 */
export class Migration20261124000000ExoneratedBuyerReferences extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `clients` add `exoneration_sag_registry` varchar(64) null');
    this.addSql(
      'alter table `invoices` add `exoneration_sag_registry` varchar(64) null, add `exempt_purchase_order_number` varchar(64) null',
    );
  }
}
