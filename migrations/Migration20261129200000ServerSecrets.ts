import { Migration } from '@mikro-orm/migrations';

/**
 * The secrets every instance shares (decision 68). Only the table: the first instance to start
 * writes the row with random bytes of its own, so a database copied before any instance started
 * on it (as the tests copy a migrated template) does not share its secret with the original.
 */
export class Migration20261129200000ServerSecrets extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `server_secrets` (`name` varchar(32) not null, `secret` varchar(64) not null, `created_at` datetime(3) not null, ' +
        'primary key (`name`)) default character set utf8mb4 engine = InnoDB',
    );
  }
}
