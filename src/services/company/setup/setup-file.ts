import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse, stringify, YAMLParseError } from 'yaml';
import { AppError } from '../../../domain/app-error';
import { jsonErrorOffset } from './json-syntax';

/**
 * Reads a setup file: JSON for `.json` (or content starting with `{` when the extension says
 * neither), YAML otherwise. YAML is read with the 1.2 core schema, where `2027-12-31` and
 * `000-001` stay strings; only quoting keeps `"001"` from becoming the number 1.
 * @throws AppError FILE_NOT_ACCESSIBLE for an unreadable file, SETUP_INVALID for a syntax error
 *   (with its line and column).
 */
export function readSetupFile(path: string): unknown {
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (err) {
    throw new AppError('FILE_NOT_ACCESSIBLE', `cannot read setup file ${path}: ${describeReadError(err)}`);
  }
  return isJson(path, content) ? parseJson(path, content) : parseYaml(path, content);
}

function isJson(path: string, content: string): boolean {
  const extension = extname(path).toLowerCase();
  if (extension === '.json') return true;
  if (extension === '.yaml' || extension === '.yml') return false;
  return content.trimStart().startsWith('{');
}

function parseJson(path: string, content: string): unknown {
  try {
    return JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (err) {
    const at = lineAndColumn(content, jsonErrorOffset(content.replace(/^\uFEFF/, '')));
    // V8's message may quote the whole file; the position is what the operator needs.
    const reason =
      err instanceof Error
        ? err.message
            .split('\n')[0]
            .replace(/, ".*$/, '')
            .replace(/ at position \d+.*$/, '')
            .replace(/ in JSON$/, '')
        : String(err);
    throw new AppError('SETUP_INVALID', `${path}: JSON syntax error at line ${at.line}, column ${at.column}: ${reason}`);
  }
}

function parseYaml(path: string, content: string): unknown {
  try {
    return parse(content, { version: '1.2', schema: 'core', uniqueKeys: true });
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const position = err.linePos?.[0];
      const at = position ? `line ${position.line}, column ${position.col}` : 'an unknown line';
      // The parser's message goes on with a code excerpt over several lines; its first line says why.
      const reason = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      throw new AppError('SETUP_INVALID', `${path}: YAML syntax error at ${at}: ${reason}`);
    }
    throw err;
  }
}

function lineAndColumn(content: string, offset: number): { line: number; column: number } {
  const before = content.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function describeReadError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}

/**
 * A setup document as YAML that readSetupFile reads back as it was: strings that would read as
 * numbers (codes "000", RTNs, decimal strings) are quoted, dates stay plain.
 */
export function setupYaml(document: unknown): string {
  return stringify(document, { version: '1.2', schema: 'core', lineWidth: 0 });
}
