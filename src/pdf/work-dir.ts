import fs from 'node:fs';
import path from 'node:path';
import { removeCarbonePipes, removeProfilePipes } from './libreoffice-pipes';

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

/** Pids of live processes whose command line contains `marker` (empty where /proc is missing). */
function processesMentioning(marker: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

/**
 * Kills the LibreOffice processes a dead instance left running: they are told apart by their
 * profile, which carbone keeps in that instance's directory. Launched through the
 * die-with-parent launcher they die with their instance anyway; this covers the rest (an
 * instance started by an older version, or a platform without the launcher).
 */
function killLeftovers(processDir: string): void {
  for (const pid of processesMentioning(`-env:UserInstallation=file://${processDir}/`)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A process whose leftovers may go: ended, or this very process (its earlier renderer, or a predecessor with the same pid). */
function leftBehind(pid: number): boolean {
  return pid === process.pid || !isRunning(pid);
}

/**
 * Creates `<tempDir>/p<pid>` for carbone's temp files (LibreOffice profiles, intermediate
 * and rendered files) after removing what earlier processes left behind, the LibreOffice
 * processes of dead ones and the pipes their LibreOffice left in the pipe directory included.
 * Per-process directories let several service instances share one tempDir without deleting each
 * other's live files; only directories of dead processes (or our own earlier run) go.
 */
export function prepareWorkDir(tempDir: string): string {
  fs.mkdirSync(tempDir, { recursive: true });
  for (const entry of fs.readdirSync(tempDir)) {
    const match = PROCESS_DIR.exec(entry);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (leftBehind(pid)) {
      const processDir = path.join(tempDir, entry);
      if (pid !== process.pid) killLeftovers(processDir);
      removeProfilePipes(processDir);
      fs.rmSync(processDir, { recursive: true, force: true });
    }
  }
  removeCarbonePipes(leftBehind);
  const workDir = path.join(tempDir, `p${process.pid}`);
  fs.mkdirSync(path.join(workDir, 'render'), { recursive: true });
  return workDir;
}
