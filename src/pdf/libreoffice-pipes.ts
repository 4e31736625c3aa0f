import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where LibreOffice makes its pipes (UNIX sockets): /tmp, or /var/tmp when /tmp is not writable,
 * whatever TMPDIR says (LibreOffice's own rule). A LibreOffice that is killed never removes them,
 * and carbone stops every LibreOffice with SIGKILL, so each one it starts leaves its files here
 * unless this module removes them.
 */
function pipeDirectory(): string {
  for (const dir of ['/tmp', '/var/tmp']) {
    try {
      fs.accessSync(dir, fs.constants.W_OK);
      return dir;
    } catch {
      // not writable: LibreOffice tries the next one too
    }
  }
  return '/tmp';
}

/** LibreOffice prefixes a pipe's name with the user id of the process that makes it. */
const pipePrefix = (): string => `OSL_PIPE_${process.getuid?.() ?? 0}_`;

/**
 * carbone names the pipe of each LibreOffice it starts `_carbone_c_<ms>_<pid>_<n>`, where the
 * pid is that of the node process running carbone (not of LibreOffice).
 */
const CARBONE_PIPE = /^_carbone_c_\d+_(\d+)_\d+$/;

/** The node process that started the LibreOffice of pipe file `fileName`; undefined for any other file. */
function carbonePipeOwner(fileName: string): number | undefined {
  if (!fileName.startsWith(pipePrefix())) return undefined;
  const match = CARBONE_PIPE.exec(fileName.slice(pipePrefix().length));
  return match === null ? undefined : Number(match[1]);
}

/**
 * The pipe through which LibreOffice keeps a profile to one process: named after the MD5 of the
 * profile's URL as UTF-16, each byte in hex without a leading zero (LibreOffice's own rule).
 */
function singleOfficePipe(profileUrl: string): string {
  const digest = createHash('md5').update(Buffer.from(profileUrl, 'utf16le')).digest();
  return `SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join('')}`;
}

/** The files of the pipes a LibreOffice started with `args` makes: its `--accept` pipe and its profile's. */
export function pipeFilesOf(args: readonly string[]): string[] {
  const names: string[] = [];
  for (const arg of args) {
    const accept = /^--accept=pipe,name=([^;,]+)/.exec(arg);
    if (accept !== null) names.push(accept[1]);
    if (arg.startsWith('-env:UserInstallation=')) names.push(singleOfficePipe(arg.slice('-env:UserInstallation='.length)));
  }
  const dir = pipeDirectory();
  return names.map((name) => path.join(dir, `${pipePrefix()}${name}`));
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // someone else's, or already gone: nothing of ours to remove
  }
}

/** Called when a LibreOffice started with `args` has ended (stopped, recycled, killed, crashed). */
export function removePipesOf(args: readonly string[]): void {
  for (const file of pipeFilesOf(args)) removeQuietly(file);
}

/** Removes carbone's pipes whose name carries a pid `leftBehind` says belongs to an ended process. */
export function removeCarbonePipes(leftBehind: (pid: number) => boolean): void {
  const dir = pipeDirectory();
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const owner = carbonePipeOwner(entry);
    if (owner !== undefined && leftBehind(owner)) removeQuietly(path.join(dir, entry));
  }
}

/**
 * Removes the profile pipes of a dead instance's work directory, where carbone kept its
 * LibreOffice profiles (`_office_<id>`); their names carry no pid, only the profile's path.
 */
export function removeProfilePipes(workDir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(workDir);
  } catch {
    return;
  }
  const profiles = entries.filter((entry) => entry.startsWith('_office_'));
  removePipesOf(profiles.map((profile) => `-env:UserInstallation=file://${path.join(workDir, profile)}`));
}
