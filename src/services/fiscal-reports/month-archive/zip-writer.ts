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
  const zip = archiver('zip', { zlib: { level: 6 } });
  gatherCentralDirectory(zip);
  return zip;
}

/** The members of archiver's zip engine (compress-commons' ZipArchiveOutputStream) that gatherCentralDirectory wraps. */
interface ZipEngine {
  offset: number;
  write(chunk: Buffer | string): boolean;
  end(...args: unknown[]): unknown;
  _finish(): void;
}

/** The central directory leaves the engine in writes of about this size. */
const GATHERED_BYTES = 64 * 1024;

/**
 * compress-commons writes the central directory, when the archive is finished, as about twenty
 * writes of two to four bytes per entry in one synchronous loop, each queued in its stream at
 * once: about 10 KB of heap per entry, so a month of 5,000 documents took 60 MB more at its very
 * end (measured), and the archive's peak memory grew with the month. The same bytes gathered into
 * writes of 64 KB queue a few hundred kilobytes instead. The engine's offset still counts every
 * write as its own `write` does (the directory's size and position are read from it); the bytes
 * out are the same. It reaches into archiver's internals (the version pinned); should they change,
 * it throws rather than write archives whose memory grows with their length again.
 */
function gatherCentralDirectory(zip: Archiver): void {
  const engine = (zip as unknown as { _module?: { engine?: Partial<ZipEngine> } })._module?.engine;
  const finish = engine?._finish;
  if (engine === undefined || finish === undefined || typeof engine.write !== 'function' || typeof engine.end !== 'function')
    throw new Error('archiver internals changed: the central directory cannot be gathered');
  engine._finish = function (this: ZipEngine) {
    const { write, end } = this;
    let gathered: Buffer[] = [];
    let bytes = 0;
    const flush = () => {
      if (bytes === 0) return;
      const chunk = Buffer.concat(gathered);
      [gathered, bytes] = [[], 0];
      write.call(this, chunk);
      // Counted already, write by write, as they were gathered.
      this.offset -= chunk.length;
    };
    this.write = (chunk) => {
      this.offset += chunk.length;
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      gathered.push(data);
      bytes += data.length;
      if (bytes >= GATHERED_BYTES) flush();
      return true;
    };
    this.end = (...args) => {
      flush();
      [this.write, this.end] = [write, end];
      return end.apply(this, args);
    };
    finish.call(this);
  };
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
 * archiver writes ZIP64 records when an archive outgrows the classic format. What it keeps per
 * entry until the end is its central-directory record (about 1 KB).
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
