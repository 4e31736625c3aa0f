import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where a usable LibreOffice lives, as carbone needs it. */
export interface LibreOfficeInstallation {
  /** The `soffice` launcher (what a human or a build script runs). */
  sofficePath: string;
  /** The directory holding the binary carbone launches (`soffice.bin` on Linux). */
  programDir: string;
  /** A Python 3 interpreter that can `import uno` (carbone's converter talks UNO through it). */
  pythonPath: string;
}

export type LibreOfficeLocation = { available: true; installation: LibreOfficeInstallation } | { available: false; reason: string };

export interface LocateOptions {
  /** Explicit soffice (or soffice.bin) path, e.g. from config; when given, nothing else is searched. */
  sofficePath?: string;
  /** Interpreters tried before the usual ones; each must be named python3 (carbone looks that name up on PATH). */
  pythonCandidates?: string[];
  /** Search path for soffice and python3; defaults to the process PATH. */
  searchPath?: string;
}

// carbone spawns soffice.bin directly on Linux so that SIGKILL reaches the real process,
// not the oosplash wrapper (which would leave soffice.bin orphaned).
const LAUNCHED_BINARY = process.platform === 'linux' ? 'soffice.bin' : 'soffice';

const WELL_KNOWN_SOFFICE = [
  '/usr/lib/libreoffice/program/soffice',
  '/usr/local/lib/libreoffice/program/soffice',
  '/usr/lib64/libreoffice/program/soffice',
  '/snap/libreoffice/current/lib/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
];

const PYTHON_CHECK_TIMEOUT_MS = 15_000;

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function pathDirs(searchPath: string | undefined): string[] {
  return (searchPath ?? '').split(path.delimiter).filter((dir) => dir !== '');
}

/** TDF packages install to /opt/libreofficeX.Y, which is rarely on PATH. */
function optInstallations(): string[] {
  try {
    return fs
      .readdirSync('/opt')
      .filter((name) => /^libreoffice\d+\.\d+$/.test(name))
      .map((name) => path.join('/opt', name, 'program', 'soffice'));
  } catch {
    return [];
  }
}

function programDirOf(soffice: string): string | undefined {
  if (!isExecutableFile(soffice)) return undefined;
  // /usr/bin/soffice is a symlink into the program dir on Debian; the binary sits there.
  const dir = path.dirname(fs.realpathSync(soffice));
  return isExecutableFile(path.join(dir, LAUNCHED_BINARY)) ? dir : undefined;
}

function canImportUno(python: string): boolean {
  if (!isExecutableFile(python)) return false;
  const result = spawnSync(python, ['-c', 'import uno'], {
    stdio: 'ignore',
    timeout: PYTHON_CHECK_TIMEOUT_MS,
  });
  return result.status === 0;
}

function findSoffice(options: LocateOptions): { soffice: string; programDir: string } | undefined {
  const candidates =
    options.sofficePath !== undefined
      ? [options.sofficePath]
      : [
          ...pathDirs(options.searchPath ?? process.env.PATH).map((dir) => path.join(dir, 'soffice')),
          ...WELL_KNOWN_SOFFICE,
          ...optInstallations(),
        ];
  for (const soffice of candidates) {
    const programDir = programDirOf(soffice);
    if (programDir !== undefined) return { soffice, programDir };
  }
  return undefined;
}

function findPython(programDir: string, options: LocateOptions): string | undefined {
  // Only files named python3 (or the bundled `python`) after the explicit ones: carbone
  // resolves the name "python3" on PATH, so the directory we prepend must hold exactly it.
  const candidates = [
    ...(options.pythonCandidates ?? []),
    path.join(programDir, 'python'),
    '/usr/bin/python3',
    '/usr/local/bin/python3',
    ...pathDirs(options.searchPath ?? process.env.PATH).map((dir) => path.join(dir, 'python3')),
  ];
  const tried = new Set<string>();
  for (const candidate of candidates) {
    if (tried.has(candidate)) continue;
    tried.add(candidate);
    if (canImportUno(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Finds soffice and a python3 with `uno` without relying on the caller's PATH (on a
 * developer machine the first python3 on PATH is often a pyenv shim without uno, which
 * makes carbone restart its converter forever). Never throws: absence is a normal state.
 */
export function locateLibreOffice(options: LocateOptions = {}): LibreOfficeLocation {
  const found = findSoffice(options);
  if (found === undefined) {
    const where = options.sofficePath ?? 'PATH and the usual install directories';
    return { available: false, reason: `LibreOffice (${LAUNCHED_BINARY}) not found in ${where}` };
  }
  const pythonPath = findPython(found.programDir, options);
  if (pythonPath === undefined) {
    return {
      available: false,
      reason: 'no Python 3 interpreter able to "import uno" (install python3-uno or the LibreOffice bundle)',
    };
  }
  return {
    available: true,
    installation: { sofficePath: found.soffice, programDir: found.programDir, pythonPath },
  };
}

/**
 * The PATH under which carbone's detection (run once, when carbone is first required)
 * picks this installation: the program dir first, and the python's dir just ahead of the
 * first other dir holding a python3, so every other command still resolves as before.
 */
export function pathForCarbone(installation: LibreOfficeInstallation, currentPath: string | undefined): string {
  const pythonDir = path.dirname(installation.pythonPath);
  const dirs = pathDirs(currentPath).filter((dir) => dir !== installation.programDir && dir !== pythonDir);
  if (pythonDir !== installation.programDir) {
    const shadowing = dirs.findIndex((dir) => isExecutableFile(path.join(dir, 'python3')));
    dirs.splice(shadowing === -1 ? dirs.length : shadowing, 0, pythonDir);
  }
  return [installation.programDir, ...dirs].join(path.delimiter);
}
