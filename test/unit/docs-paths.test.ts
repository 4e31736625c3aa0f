import fs from 'node:fs';
import path from 'node:path';

/**
 * The files docs/*.md cite in backquotes exist. A full path (`src/http/app.ts`) must be there as
 * written; a shortened one (`documents/numbering.ts`, `setup-schema.ts`) must be the end of some
 * file's path. A guide that sends a newcomer to a file moved or deleted since is worse than none,
 * and a move does not search the prose for its old name. Build output (`dist/`) is not cited.
 */
const ROOT = path.resolve(__dirname, '../..');
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'coverage']);
const TOP_DIRS = ['src', 'test', 'docs', 'config', 'migrations', 'scripts', 'bench', 'templates', 'docker', '.ci'];
/** Endings that make a backquoted word a file name rather than a command, a value or an identifier. */
const FILE_ENDINGS = /\.(ts|tsx|js|mjs|md|json|ya?ml|odt|sh|css|png)$/;

function repoFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (!entry.isDirectory()) return [file];
    return SKIPPED_DIRS.has(entry.name) ? [] : [`${file}/`, ...repoFiles(file)];
  });
}

/** The backquoted words of a text that name a file or folder of the repository. */
export function citedPaths(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  return words.filter(
    (word) =>
      !/[<>*…{}$:]/.test(word) &&
      !word.startsWith('/') &&
      !word.startsWith('dist/') &&
      (FILE_ENDINGS.test(word) || TOP_DIRS.some((top) => word.startsWith(`${top}/`)) || /^[\w.-]+\/([\w.-]+\/)*$/.test(word)),
  );
}

describe('the files the docs cite', () => {
  const files = repoFiles();
  /** A file, a folder (with or without its final slash) or, for a word like `big.js`, a package. */
  const exists = (cited: string) =>
    files.some((file) => [cited, `${cited}/`].some((name) => file === name || file.endsWith(`/${name}`))) ||
    fs.existsSync(path.join(ROOT, 'node_modules', cited, 'package.json'));

  it('finds the cited paths of a text, and only those', () => {
    expect(
      citedPaths('see `src/http/app.ts`, `documents/`, `setup-schema.ts`, `npm test`, `<resource>.paths.ts` and `GET /verify`'),
    ).toEqual(['src/http/app.ts', 'documents/', 'setup-schema.ts']);
  });

  it.each(fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')))('docs/%s cites only files that exist', (name) => {
    const cited = citedPaths(fs.readFileSync(path.join(ROOT, 'docs', name), 'utf8'));
    expect(cited.length).toBeGreaterThan(0);
    expect([...new Set(cited.filter((file) => !exists(file)))]).toEqual([]);
  });
});
