import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './fresh-build';

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'scripts/galera-cluster.sh');

/** Whether this machine can run a local Galera cluster (mariadbd, the Galera library, rsync). */
export function galeraInstalled(): boolean {
  const onPath = (name: string) =>
    (process.env.PATH ?? '')
      .split(':')
      .concat(['/usr/sbin', '/usr/bin'])
      .some((dir) => fs.existsSync(path.join(dir, name)));
  return fs.existsSync('/usr/lib/galera/libgalera_smm.so') && onPath('mariadbd') && onPath('rsync');
}

/** The local 3-node cluster of scripts/galera-cluster.sh, in a directory of its own. */
export class GaleraCluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-galera-'));

  /** mysql://root@127.0.0.1:331N, without a database. */
  serverUrl(node: number): string {
    return `mysql://root@127.0.0.1:${3310 + node}`;
  }

  start(): Promise<string> {
    return this.script('start');
  }

  killNode(node: number): Promise<string> {
    return this.script('kill-node', String(node));
  }

  /** Resolves once the node has rejoined and is Synced. */
  startNode(node: number): Promise<string> {
    return this.script('start-node', String(node));
  }

  /** Stops every node and deletes the cluster's files. */
  async destroy(): Promise<void> {
    await this.script('destroy').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Node N's whole error log (Galera writes its state transfers there). */
  log(node: number): string {
    const file = path.join(this.dir, `node${node}.err`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  }

  private async script(...args: string[]): Promise<string> {
    try {
      const { stdout } = await run('bash', [SCRIPT, ...args], { env: { ...process.env, GALERA_DIR: this.dir }, timeout: 180_000 });
      return stdout;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      throw new Error(`galera-cluster.sh ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
    }
  }
}
