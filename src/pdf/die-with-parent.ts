import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LibreOfficeInstallation } from './libreoffice-locator';

/**
 * Arms the kernel's parent-death signal (prctl PR_SET_PDEATHSIG = SIGKILL) and then becomes the
 * real program (exec keeps the pid, and the signal survives exec). From then on, when the node
 * process that spawned it dies, even by SIGKILL, the kernel kills it too: no LibreOffice outlives
 * its service. If node died before the signal was armed, it never starts the program.
 * Python because carbone needs a python3 with uno anyway, and ctypes reaches prctl from it.
 */
const DIE_WITH_PARENT_PY = `import ctypes, os, signal, sys
PR_SET_PDEATHSIG = 1
expected_parent = int(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
    sys.exit("prctl(PR_SET_PDEATHSIG) failed: errno %d" % ctypes.get_errno())
if os.getppid() != expected_parent:
    sys.exit("the process that started this one is gone; not starting %s" % sys.argv[2])
os.execv(sys.argv[2], sys.argv[2:])
`;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A launcher named like the program carbone looks for; $PPID is the node process that spawned it. */
function launcherScript(python: string, helper: string, program: string): string {
  return `#!/bin/sh\n# Runs ${program} so that it dies with the node process that started it.\nexec ${shellQuote(python)} ${shellQuote(helper)} "$PPID" ${shellQuote(program)} "$@"\n`;
}

/** Writes `content` unless the file already holds it (several instances may share the directory). */
function writeIfChanged(file: string, content: string, mode: number): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (current !== content) {
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, content, { mode });
    fs.renameSync(temporary, file);
  }
  fs.chmodSync(file, mode);
}

const LAUNCHER_FILES = ['die-with-parent.py', 'soffice.bin', 'python3'];

/**
 * On Linux, a directory under `baseDir` holding `soffice.bin` and `python3` launchers for
 * `installation` (carbone, which spawns those two names, finds them there first); undefined
 * elsewhere, where carbone starts the programs itself. Its name depends on the installation
 * only, so it is the same for every process using it and needs no clean-up. Every call
 * re-creates what is missing (a tmp cleaner may have removed the directory) and rewrites a
 * file whose content differs, so each renderer start-up leaves it complete.
 */
export function prepareDieWithParentLaunchers(baseDir: string, installation: LibreOfficeInstallation): string | undefined {
  if (process.platform !== 'linux') return undefined;
  const soffice = path.join(installation.programDir, 'soffice.bin');
  const key = createHash('sha256').update(`${soffice}\n${installation.pythonPath}`).digest('hex').slice(0, 12);
  const dir = path.join(baseDir, `launchers-${key}`);
  fs.mkdirSync(dir, { recursive: true });
  const [helperName, sofficeName, pythonName] = LAUNCHER_FILES;
  const helper = path.join(dir, helperName);
  writeIfChanged(helper, DIE_WITH_PARENT_PY, 0o644);
  writeIfChanged(path.join(dir, sofficeName), launcherScript(installation.pythonPath, helper, soffice), 0o755);
  writeIfChanged(path.join(dir, pythonName), launcherScript(installation.pythonPath, helper, installation.pythonPath), 0o755);
  return dir;
}

/** Whether every launcher is still in `dir`: a cheap check before each render, which carbone may need to restart LibreOffice for. */
export function launchersPresent(dir: string): boolean {
  return LAUNCHER_FILES.every((name) => fs.existsSync(path.join(dir, name)));
}
