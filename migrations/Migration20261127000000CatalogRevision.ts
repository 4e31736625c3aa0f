import { Migration } from '@mikro-orm/migrations';

/**
 * A third change counter per company, `catalog`: what an invoice is priced with (integration
 * defaults, the company's issuer fields and exchange rate, products, mappings, prices, discount
 * policies), which each instance keeps in memory and checks against this counter on every request.
 */
export class Migration20261127000000CatalogRevision extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `read_revisions` add `catalog` int unsigned not null default 0');
  }
}
