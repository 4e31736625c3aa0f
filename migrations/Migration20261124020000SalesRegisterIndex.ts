import { Migration } from '@mikro-orm/migrations';

/**
 * The sales register reads one company's invoices of a period (`admin report sales`); without
 * this index it would scan the company's whole history for every month it is asked for.
 */
export class Migration20261124020000SalesRegisterIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `invoices` add index `ix_invoices_company_date`(`company_id`, `invoice_date`)');
  }
}
