import { Migration } from '@mikro-orm/migrations';

/**
 * The start-up migration lock: one row the instance applying migrations holds, replicated so that
 * instances starting together on different Galera nodes agree on one of them. Start-up creates
 * the table itself before any migration runs (this one included), hence IF NOT EXISTS; declaring
 * it here keeps a migrated database equal to the entities.
 */
export class Migration20261124040000MigrationLock extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table if not exists `mikro_orm_migrations_lock` (`id` tinyint unsigned not null, `holder` varchar(255) not null, ' +
        '`expires_at` datetime not null, primary key (`id`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB',
    );
  }
}
