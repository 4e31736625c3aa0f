import { Migration } from '@mikro-orm/migrations';

/**
 * A CAI is authorised for one document type (invoice, credit note, debit note), and each type is
 * numbered on its own at an emission point. Every range before this one was an invoice range. The
 * index follows the issuing query (an emission point's ranges of one type, lowest first), so that
 * query locks only the rows of its own type.
 */
export class Migration20261126000000CaiRangeDocumentType extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `cai_ranges` add `document_type` varchar(16) null');
    this.addSql("update `cai_ranges` set `document_type` = 'invoice'");
    this.addSql(
      'alter table `cai_ranges` modify `document_type` varchar(16) not null, ' +
        'add index `ix_cai_ranges_point_type`(`emission_point_id`, `document_type`, `range_start`)',
    );
  }
}
