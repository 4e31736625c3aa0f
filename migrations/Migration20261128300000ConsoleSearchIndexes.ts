import { Migration } from '@mikro-orm/migrations';

/**
 * The indexes the console's invoice search and CAI overview walk (decision 62): by number within
 * the company (a handful of rows per number), and, ending with the date so that a page of the
 * newest is read in index order and stops after its rows, by the buyer's RTN and by client (a
 * name is first looked up among the clients); and by emission point and date, for the numbers a
 * point took in the last 30 days.
 */
export class Migration20261128300000ConsoleSearchIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table `invoices` add index `ix_invoices_company_number`(`company_id`, `invoice_number`),' +
        ' add index `ix_invoices_company_rtn`(`company_id`, `client_legal_id`, `invoice_date`),' +
        ' add index `ix_invoices_company_client`(`company_id`, `client_id`, `invoice_date`),' +
        ' add index `ix_invoices_point_date`(`emission_point_id`, `invoice_date`)',
    );
  }
}
