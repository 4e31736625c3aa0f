import type { MikroORM } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../domain/app-error';
import { TOKENS } from '../tokens';

/** A check slower than this counts as "not ready": a load balancer must not wait on a hung node. */
const CHECK_TIMEOUT_MS = 2_000;
/** Seconds a load balancer (or caller) should wait before asking again. */
const RETRY_AFTER_SECONDS = 5;

export interface Readiness {
  status: 'ready';
  details: {
    database: 'available';
    /** wsrep_local_state_comment of the Galera node the instance uses; null when not a Galera node. */
    galeraState: string | null;
  };
}

interface ShowRow {
  Variable_name: string;
  Value: string;
}

/**
 * Whether this instance can serve requests now, for a load balancer: its database answers and,
 * when it is a Galera node, the node is Synced and ready (wsrep_ready ON). A joining, donor,
 * desynced or non-primary node answers "not ready", so traffic goes to another instance.
 */
@injectable()
export class DatabaseReadiness {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {}

  /** Resolves when ready; throws AppError SERVICE_UNAVAILABLE (503, Retry-After) when not. */
  async check(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(notReady(`The database did not answer within ${CHECK_TIMEOUT_MS} ms.`)), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.galeraState(), timeout]).then((galeraState) => ({
        status: 'ready' as const,
        details: { database: 'available' as const, galeraState },
      }));
    } finally {
      clearTimeout(timer);
    }
  }

  private async galeraState(): Promise<string | null> {
    const connection = this.orm.em.getConnection();
    let wsrep: ShowRow[];
    try {
      wsrep = await connection.execute<ShowRow[]>("SHOW VARIABLES LIKE 'wsrep_on'");
    } catch {
      throw notReady('The database does not answer.');
    }
    if (wsrep[0]?.Value !== 'ON') return null;
    const rows = await connection
      .execute<ShowRow[]>("SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_state_comment', 'wsrep_ready')")
      .catch(() => {
        throw notReady('The database does not answer.');
      });
    const status = new Map(rows.map((r) => [r.Variable_name, r.Value]));
    const state = status.get('wsrep_local_state_comment') ?? 'unknown';
    if (state !== 'Synced' || status.get('wsrep_ready') !== 'ON') {
      throw notReady(
        `The Galera node is ${state}${status.get('wsrep_ready') === 'ON' ? '' : ' and not ready'}; it serves again once Synced.`,
      );
    }
    return state;
  }
}

function notReady(message: string): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}
