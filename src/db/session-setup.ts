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
 * Run on every new connection (the ORM's pool and the start-up connection): a bounded InnoDB lock
 * wait, and causal reads when the server is a Galera node. `wsrep_on` is asked, not assumed:
 * MySQL 8 and a MariaDB without a cluster answer nothing or OFF, and then nothing Galera-only is
 * sent. Returns whether the server is a Galera node.
 */
export async function prepareSession(conn: SessionConnection, lockWaitTimeoutSeconds: number): Promise<boolean> {
  await conn.query(`SET SESSION innodb_lock_wait_timeout = ${Number(lockWaitTimeoutSeconds)}`);
  const galera = await isGaleraNode(conn);
  if (galera) await conn.query(`SET SESSION wsrep_sync_wait = ${CAUSAL_READS}`);
  return galera;
}

export async function isGaleraNode(conn: SessionConnection): Promise<boolean> {
  const [rows] = await conn.query("SHOW VARIABLES LIKE 'wsrep_on'");
  return (rows as { Value?: string }[])[0]?.Value === 'ON';
}
