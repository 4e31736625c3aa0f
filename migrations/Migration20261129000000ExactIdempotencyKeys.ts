import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys compared byte for byte (decision 66): under the table's default collation
 * `ORD-x7Kq` and `ORD-X7KQ` were one key, so a caller's second order replayed the first and was
 * never invoiced. VARBINARY compares bytes on MySQL 8 and MariaDB alike, trailing spaces
 * included; 1020 bytes hold the 255 characters a key may have. Existing keys keep their bytes,
 * and keys unique under the old collation stay unique under the stricter comparison.
 */
export class Migration20261129000000ExactIdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `idempotency_records` modify `idempotency_key` varbinary(1020) not null');
  }
}
