import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

/** A throwaway database for one bench run; its name always says "bench", so drop() can never hit real data. */
export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function benchDatabase(serverUrl = process.env.BENCH_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306'): BenchDatabase {
  const name = `invoicing_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  return {
    name,
    // Created and migrated by the service's own start-up path (openDatabase).
    url: `${serverUrl}/${name}`,
    async drop() {
      if (!/bench/.test(name)) throw new Error(`refusing to drop "${name}"`);
      const admin = await mysql.createConnection(serverUrl);
      try {
        await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await admin.end();
      }
    },
  };
}
