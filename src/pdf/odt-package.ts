import fs from 'node:fs/promises';

const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';

/** One file of an ODT (zip) package. */
export interface OdtPart {
  name: string;
  data: Buffer;
}

/**
 * An ODT template read into memory. Never mutated: carbone rewrites the template object it
 * renders, so every render attempt gets its own copy from toCarboneTemplate().
 */
export interface OdtPackage {
  /** Where it was read from, for messages. */
  path: string;
  parts: readonly OdtPart[];
}

/** The template cannot be used: unreadable, not a zip, or not an ODT text document. */
export class TemplateReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateReadError';
  }
}

/** carbone's in-memory template, the shape its file.openTemplate() builds from a path. */
export interface CarboneTemplate {
  isZipped: true;
  filename: string;
  embeddings: string[];
  files: Array<{ name: string; data: Buffer | string; isMarked: boolean; parent: string }>;
}

/** carbone's zip helper (yauzl, with its zip-bomb limit): the unzip carbone itself uses. */
interface CarboneFileModule {
  unzip(source: Buffer, callback: (err: unknown, files?: OdtPart[]) => void): void;
}

function unzip(data: Buffer): Promise<OdtPart[]> {
  const carboneFile = require('carbone/lib/file') as CarboneFileModule;
  return new Promise((resolve, reject) =>
    carboneFile.unzip(data, (err, files) => (err || files === undefined ? reject(err) : resolve(files))),
  );
}

/**
 * Reads the template file afresh (no cache: an operator's edit is used by the next render, in
 * every instance) and checks it is an ODT text document. Throws TemplateReadError.
 */
export async function readOdtPackage(file: string): Promise<OdtPackage> {
  return parseOdtPackage(await readTemplateFile(file), file);
}

/** The bytes of a template file; throws TemplateReadError naming the file when it cannot be read. */
export async function readTemplateFile(file: string): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    throw new TemplateReadError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/**
 * An ODT text document from its bytes (a file just read, or a version kept in the database);
 * `name` says where it came from, for messages. Throws TemplateReadError.
 */
export async function parseOdtPackage(data: Buffer, name: string): Promise<OdtPackage> {
  if (data.subarray(0, 2).toString('latin1') !== 'PK') {
    throw new TemplateReadError(`${name} is not an ODT file (not a zip package; save it as "ODF Text Document (.odt)")`);
  }
  let parts: OdtPart[];
  try {
    parts = await unzip(data);
  } catch (err) {
    throw new TemplateReadError(`${name} is not a readable ODT file (${err instanceof Error ? err.message : String(err)})`);
  }
  const pkg: OdtPackage = { path: name, parts };
  const mimetype = partText(pkg, 'mimetype')?.trim();
  if (mimetype !== ODT_MIMETYPE || partText(pkg, 'content.xml') === undefined) {
    throw new TemplateReadError(`${name} is not an ODT text document (mimetype ${mimetype ?? 'missing'})`);
  }
  return pkg;
}

export function partText(pkg: OdtPackage, name: string): string | undefined {
  return pkg.parts.find((part) => part.name === name)?.data.toString('utf8');
}

/** A copy of `pkg` with the named parts replaced. */
export function withParts(pkg: OdtPackage, replacements: Record<string, Buffer | string>): OdtPackage {
  return {
    ...pkg,
    parts: pkg.parts.map((part) => (part.name in replacements ? { name: part.name, data: Buffer.from(replacements[part.name]) } : part)),
  };
}

/** A fresh carbone template object, XML parts as strings (what carbone parses for markers). */
export function toCarboneTemplate(pkg: OdtPackage): CarboneTemplate {
  return {
    isZipped: true,
    filename: pkg.path,
    embeddings: [],
    files: pkg.parts.map((part) => {
      const isXml = part.name.endsWith('.xml');
      return { name: part.name, data: isXml ? part.data.toString('utf8') : part.data, isMarked: isXml, parent: '' };
    }),
  };
}
