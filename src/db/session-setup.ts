/** The part of a mysql2 promise connection that session set-up needs. */
export interface SessionConnection {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
}

/**
 * wsrep_sync_wait bit 1: before a read (SELECT, SHOW, BEGIN), the Galera node waits until it has
 * applied every transaction the cluster committed before it. Without it a row committed through
 * one node is missing, for a moment, from a read on another: a 201 would not be readable at once
 * through another instance, and a replay lookup could miss the invoice its key already has.
 */
const CAUSAL_READS = 1;

/**
 * MySQL 8.0's default sql_mode, set on both servers (decision 47). MariaDB's default lacks
 * ONLY_FULL_GROUP_BY, NO_ZERO_IN_DATE and NO_ZERO_DATE, so a query the tests pass on MariaDB could
 * be refused by MySQL 8 in production; naming the mode also keeps a server whose operator changed
 * the global default from running the service under other rules.
 */
export const MYSQL8_SQL_MODE =
  'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';

/**
 * Run on every new connection (the ORM's pool, which also applies the migrations, and the start-up
 * connection): MySQL 8's sql_mode, a bounded InnoDB lock wait, and causal reads when the server is
 * a Galera node. `wsrep_on` is asked, not assumed: MySQL 8 and a MariaDB without a cluster answer
 * nothing or OFF, and then nothing Galera-only is sent. Returns whether the server is a Galera node.
 */
export async function prepareSession(conn: SessionConnection, lockWaitTimeoutSeconds: number): Promise<boolean> {
  await conn.query(`SET SESSION sql_mode = '${MYSQL8_SQL_MODE}', innodb_lock_wait_timeout = ${Number(lockWaitTimeoutSeconds)}`);
  const galera = await isGaleraNode(conn);
  if (galera) await conn.query(`SET SESSION wsrep_sync_wait = ${CAUSAL_READS}`);
  return galera;
}

export async function isGaleraNode(conn: SessionConnection): Promise<boolean> {
  const [rows] = await conn.query("SHOW VARIABLES LIKE 'wsrep_on'");
  return (rows as { Value?: string }[])[0]?.Value === 'ON';
}
