import fs from 'node:fs';
import path from 'node:path';

const PROCESS_DIR = /^p(\d+)$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `<tempDir>/p<pid>` for carbone's temp files (LibreOffice profiles, intermediate
 * and rendered files) after removing what earlier processes left behind. Per-process
 * directories let several service instances share one tempDir without deleting each
 * other's live files; only directories of dead processes (or our own earlier run) go.
 */
export function prepareWorkDir(tempDir: string): string {
  fs.mkdirSync(tempDir, { recursive: true });
  for (const entry of fs.readdirSync(tempDir)) {
    const match = PROCESS_DIR.exec(entry);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || !isRunning(pid)) {
      fs.rmSync(path.join(tempDir, entry), { recursive: true, force: true });
    }
  }
  const workDir = path.join(tempDir, `p${process.pid}`);
  fs.mkdirSync(path.join(workDir, 'render'), { recursive: true });
  return workDir;
}
