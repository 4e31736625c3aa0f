import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// A user's PATH often lacks the sbin directories (mariadbd, debootstrap live there).
const SBIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

export function onPath(name: string): boolean {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...SBIN_DIRS].filter((dir) => dir !== '');
  return dirs.some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Debian, Ubuntu and their derivatives: where the package names of needs.ts mean something. */
export function isDebianLike(osReleaseFile: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(osReleaseFile, 'utf8');
  } catch {
    return false;
  }
  const ids = [...text.matchAll(/^(?:ID|ID_LIKE)=["']?([^"'\n]*)/gm)].flatMap((m) => m[1].split(/\s+/));
  return ids.some((id) => id === 'debian' || id === 'ubuntu');
}

export interface CommandResult {
  code: number;
  /** stdout and stderr interleaved, the last 64 kB: shown only when the command fails. */
  output: string;
}

const KEPT_OUTPUT = 64 * 1024;

export function runCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (err) => resolve({ code: 127, output: `${command}: ${err.message}` }));
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}
