import type { MikroORM } from '@mikro-orm/mysql';

/**
 * One CHECKSUM TABLE over every table of the test database but the migrations log: a cheap
 * fingerprint of all rows, so a test can prove a request wrote, changed or deleted nothing.
 */
export async function tableChecksums(orm: MikroORM): Promise<string> {
  const connection = orm.em.getConnection();
  const tables = await connection.execute<{ name: string }[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'mikro_orm_migrations' ORDER BY table_name",
  );
  const rows = await connection.execute<{ Table: string; Checksum: number | string | null }[]>(
    `CHECKSUM TABLE ${tables.map((t) => `\`${t.name}\``).join(', ')}`,
  );
  return rows.map((row) => `${row.Table}=${row.Checksum}`).join(';');
}
