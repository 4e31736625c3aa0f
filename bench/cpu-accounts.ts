import fs from 'node:fs';
import type mysql from 'mysql2/promise';
import { descendantsOf } from '../test/support/process-tree';
import { processCpuMs } from './bench-processes';

/**
 * Where a stretch of work spent its CPU, process by process, and how many statements it sent the
 * database: the figures that say what stands between a ratio and its goal. Each account names a
 * set of processes, looked up when a stretch starts and again when it ends, so that a LibreOffice
 * the pool started meanwhile counts whole and one it recycled counts up to the last look (a small
 * undercount, never an overcount).
 */
export type ProcessSet = () => number[];

export const processAlone =
  (pid: number): ProcessSet =>
  () => [pid];

export const descendants =
  (pid: number): ProcessSet =>
  () =>
    descendantsOf(pid);

/** The database server's process when it runs on this machine (MariaDB or MySQL), else none. */
export function localDatabaseServer(): ProcessSet {
  const pid = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .find((entry) => {
      try {
        return /^(mariadbd|mysqld)$/.test(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim());
      } catch {
        return false;
      }
    });
  return pid === undefined ? () => [] : processAlone(Number(pid));
}

interface Cpu {
  user: number;
  system: number;
}
type Snapshot = Map<number, Cpu>;

function snapshot(pids: number[]): Snapshot {
  const cpu = new Map<number, Cpu>();
  for (const pid of pids) {
    try {
      cpu.set(pid, processCpuMs(pid));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

async function statementsSoFar(db: mysql.Connection): Promise<number> {
  const [rows] = await db.query("SHOW GLOBAL STATUS LIKE 'Questions'");
  return Number((rows as Array<{ Value: string }>)[0].Value);
}

/** CPU ms per account (in user space and in the kernel) and statements, summed over every stretch measured. */
export class CpuAccounts<Name extends string> {
  private readonly cpuMs = {} as Record<Name, Cpu>;
  private statements = 0;

  constructor(
    private readonly sets: Record<Name, ProcessSet>,
    /** A connection to read the server's statement counter with (its own SHOW counts once a stretch). */
    private readonly db?: mysql.Connection,
  ) {
    for (const name of Object.keys(sets) as Name[]) this.cpuMs[name] = { user: 0, system: 0 };
  }

  /** Runs `work`, adding what every account's processes used meanwhile. */
  async measure<T>(work: () => Promise<T>): Promise<T> {
    const names = Object.keys(this.sets) as Name[];
    const before = new Map(names.map((name) => [name, snapshot(this.sets[name]())]));
    const statementsBefore = this.db ? await statementsSoFar(this.db) : 0;
    const result = await work();
    const statementsAfter = this.db ? await statementsSoFar(this.db) : 0;
    for (const name of names) {
      const earlier = before.get(name)!;
      for (const [pid, cpu] of snapshot([...new Set([...earlier.keys(), ...this.sets[name]()])])) {
        this.cpuMs[name].user += cpu.user - (earlier.get(pid)?.user ?? 0);
        this.cpuMs[name].system += cpu.system - (earlier.get(pid)?.system ?? 0);
      }
    }
    // The second SHOW is counted by the server before it answers.
    this.statements += statementsAfter - statementsBefore - 1;
    return result;
  }

  /** "name 1.234 ms (user 1.0, kernel 0.234), ..." per unit of work done, and the statements per unit when counted. */
  perUnit(units: number): string {
    const ms = (n: number) => (n / units).toFixed(3);
    const cpu = (Object.keys(this.sets) as Name[])
      .map((name) => {
        const { user, system } = this.cpuMs[name];
        return `${name} ${ms(user + system)} ms (user ${ms(user)}, kernel ${ms(system)})`;
      })
      .join(', ');
    return this.db ? `${cpu}; ${(this.statements / units).toFixed(2)} statements` : cpu;
  }
}
