import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { classifyDatabaseError, isTransient, mayRetry, retryDelayMs } from '../../db/database-failure';
import { TOKENS } from '../../tokens';

/** The row of `server_secrets` that holds the key of the MACs the service makes. */
const MAC_KEY = 'mac-key';
const KEY_BYTES = 32;

/**
 * The service's secret key, one for every instance, kept in the database (decision 68). The first
 * instance to start draws it and the others find it: one INSERT that leaves an existing row alone,
 * then a read, so instances starting together all end up with the row one of them wrote. Loaded
 * once at start-up; the key itself never leaves this object, only MACs made with it do.
 */
@injectable()
export class ServerSecrets {
  private key: Buffer | undefined;
  private loading: Promise<void> | undefined;

  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** Reads the key, writing it first if no instance has: at start-up, before anything needs a MAC. */
  load(): Promise<void> {
    this.loading ??= this.readOrCreate().then(
      (key) => {
        this.key = key;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  /**
   * HMAC-SHA-256 of `value` under the key, base64url. `purpose` names the use, so that a MAC made
   * for one use never passes for another's.
   */
  mac(purpose: string, value: string): string {
    if (!this.key) throw new Error('the server secret is not loaded: load() it at start-up');
    return createHmac('sha256', this.key).update(`${purpose}\0${value}`, 'utf8').digest('base64url');
  }

  private async readOrCreate(): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const em = this.em.fork();
        await em.execute(
          'INSERT INTO server_secrets (name, secret, created_at) VALUES (?, ?, UTC_TIMESTAMP(3)) ON DUPLICATE KEY UPDATE name = name',
          [MAC_KEY, randomBytes(KEY_BYTES).toString('hex')],
          'run',
        );
        const [row] = await em.execute<{ secret: string }[]>('SELECT secret FROM server_secrets WHERE name = ?', [MAC_KEY]);
        const key = Buffer.from(row.secret, 'hex');
        if (key.length !== KEY_BYTES) throw new Error(`server_secrets.${MAC_KEY} is not ${KEY_BYTES} bytes in hex`);
        return key;
      } catch (err) {
        // Instances starting together on different Galera nodes both insert; the loser's commit
        // fails certification (a conflict) and its next attempt finds the winner's row.
        const failure = classifyDatabaseError(err);
        if (!isTransient(failure) || !mayRetry(failure, attempt)) throw err;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failure, attempt)));
      }
    }
  }
}
