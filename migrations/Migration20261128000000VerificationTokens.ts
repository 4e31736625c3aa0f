import { Migration } from '@mikro-orm/migrations';

/** base64url of 16 random bytes, drawn per row: the shape `newVerificationToken()` gives new documents. */
const RANDOM_TOKEN = "replace(replace(trim(trailing '=' from to_base64(random_bytes(16))), '+', '-'), '/', '_')";

/**
 * Every invoice and note gets the random token of its public verification page (decision 54):
 * added nullable, drawn for every document issued before (one value per row, on MySQL 8 and
 * MariaDB alike), then required and unique.
 */
export class Migration20261128000000VerificationTokens extends Migration {
  override async up(): Promise<void> {
    for (const table of ['invoices', 'notes']) {
      this.addSql(`alter table \`${table}\` add \`verification_token\` varchar(22) null`);
      this.addSql(`update \`${table}\` set \`verification_token\` = ${RANDOM_TOKEN} where \`verification_token\` is null`);
      this.addSql(`alter table \`${table}\` modify \`verification_token\` varchar(22) not null`);
      this.addSql(`alter table \`${table}\` add unique \`uq_${table}_verification_token\`(\`verification_token\`)`);
    }
  }
}
