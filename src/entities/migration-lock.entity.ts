import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The start-up migration lock (src/db/migration-lock.ts): at most one row, id 1, held by the
 * instance applying migrations until its lease runs out. Start-up creates the table before the
 * first migration runs; a migration declares it too, so a migrated database matches the entities.
 */
@Entity({ tableName: 'mikro_orm_migrations_lock' })
export class MigrationLock {
  @PrimaryKey({ type: 'tinyint', unsigned: true, autoincrement: false })
  id!: number;

  /** host:pid:random of the instance holding the lock. */
  @Property({ type: 'string', length: 255 })
  holder!: string;

  /** UTC; the holder refreshes it while it migrates. */
  @Property({ type: 'datetime', columnType: 'datetime' })
  expiresAt!: Date;
}
