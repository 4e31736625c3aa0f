import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The few members of archiver (the zip writer exceljs also uses) this file needs. */
interface Archiver extends NodeJS.ReadableStream {
  append(source: Buffer | NodeJS.ReadableStream, data: { name: string; date: Date }): this;
  finalize(): Promise<void>;
  abort(): this;
}

/**
 * archiver ships no types; its API is small and stable since version 1. Required when the first
 * archive is written, not when this module loads: every CLI command is a process of its own, and
 * only `admin archive` writes one.
 */
function newZip(): Archiver {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const archiver = require('archiver') as (format: 'zip', options: { zlib: { level: number } }) => Archiver;
  return archiver('zip', { zlib: { level: 6 } });
}

/** An entry as written: its name, size in bytes (uncompressed) and SHA-256 (hex). */
export interface ZipEntry {
  name: string;
  size: number;
  sha256: string;
}

/**
 * A ZIP written entry by entry to a byte stream, each entry complete before the next is added (so
 * what waits to be written is one entry, whatever the archive's size), every entry dated `date`
 * and deflated at one fixed level: the same entries in the same order give the same bytes.
 * archiver writes ZIP64 records when an archive outgrows the classic format.
 */
export class ZipWriter {
  private readonly archive = newZip();
  private readonly piped: Promise<void>;
  /** Rejects when writing out fails, so an entry waiting for a stream that stopped does not wait forever. */
  private readonly failed: Promise<never>;

  constructor(
    out: NodeJS.WritableStream,
    private readonly date: Date,
  ) {
    this.piped = pipeline(this.archive, out);
    this.failed = this.piped.then(() => new Promise<never>(() => undefined));
    this.failed.catch(() => undefined);
  }

  /** Adds an entry (a whole buffer, or a stream read to its end) and resolves once it is written. */
  async add(name: string, content: Buffer | NodeJS.ReadableStream): Promise<ZipEntry> {
    const hash = createHash('sha256');
    let size = 0;
    let source: Buffer | NodeJS.ReadableStream;
    if (Buffer.isBuffer(content)) {
      hash.update(content);
      size = content.length;
      source = content;
    } else {
      source = content.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
    }
    const written = once(this.archive, 'entry');
    this.archive.append(source, { name, date: this.date });
    await Promise.race([written, this.failed]);
    return { name, size, sha256: hash.digest('hex') };
  }

  /** Writes the central directory and ends the output; resolves once the output has everything. */
  async finish(): Promise<void> {
    await Promise.all([this.archive.finalize(), this.piped]);
  }

  /** Stops writing after a failure: the output ends without a central directory (not a valid ZIP). */
  abort(): void {
    this.archive.abort();
  }
}
