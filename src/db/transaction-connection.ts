import type { EntityManager } from '@mikro-orm/mysql';

/** The pooled connection a transaction runs on, as knex (under MikroORM) holds it. */
interface PooledConnection {
  /** knex's own mark for a broken connection: its pool destroys it instead of lending it again. */
  __knex__disposed?: unknown;
}

interface KnexTransactionClient {
  client: { acquireConnection(): Promise<PooledConnection> };
}

/**
 * A handle on the connection of the transaction `em` runs in, so that a failure that makes the
 * connection suspect (a Galera node that stopped being ready, a half-dead socket) can keep the
 * pool from lending it again: the retry then opens a fresh one, which a proxy in front of the
 * cluster may route to a healthy node. Outside a transaction the handle does nothing.
 */
export async function transactionConnection(em: EntityManager): Promise<{ discard(reason: unknown): void }> {
  const trx = em.getTransactionContext<KnexTransactionClient>();
  const connection = trx ? await trx.client.acquireConnection() : undefined;
  return {
    discard(reason: unknown) {
      if (connection) connection.__knex__disposed = reason instanceof Error ? reason.message : String(reason);
    },
  };
}
