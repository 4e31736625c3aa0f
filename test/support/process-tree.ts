import fs from 'node:fs';

/** pid -> parent pid of every process visible in /proc. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (2nd field) may hold spaces and parentheses: read after its last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // exited meanwhile
    }
  }
  return parents;
}

/** Every live descendant of `root` (children, their children...). */
export function descendantsOf(root: number): number[] {
  const parents = parentsByPid();
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** The program and arguments `pid` runs; empty once it has exited. */
export function argumentsOf(pid: number): string[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((arg) => arg !== '');
  } catch {
    return [];
  }
}

export function commandLine(pid: number): string {
  return argumentsOf(pid).join(' ');
}

/** Running (a zombie waiting to be reaped counts as dead: it holds no memory and runs nothing). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
