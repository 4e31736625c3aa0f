import { Migration } from '@mikro-orm/migrations';
import { migrationSettingsOf } from './migration-settings';

/**
 * The verification address is part of the document (decision 70): each invoice and note stores
 * the base it prints, fixed at issue, and a company may set its own. Documents issued before
 * printed the PUBLIC_BASE_URL of whichever process printed them; they keep that of the process
 * that runs this migration, the address the service answering them has published until now.
 */
export class Migration20261129400000VerificationBases extends Migration {
  override async up(): Promise<void> {
    const { publicBaseUrl } = migrationSettingsOf(this.config);
    this.addSql('alter table `companies` add `verification_base_url` varchar(255) null');
    for (const table of ['invoices', 'notes']) {
      this.addSql(`alter table \`${table}\` add \`verification_base_url\` varchar(255) null`);
      this.addSql(this.getKnex().raw('update ?? set `verification_base_url` = ?', [table, publicBaseUrl]));
      this.addSql(`alter table \`${table}\` modify \`verification_base_url\` varchar(255) not null`);
    }
  }
}
