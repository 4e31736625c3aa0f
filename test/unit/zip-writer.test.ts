import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { ZipWriter } from '../../src/services/fiscal-reports/month-archive/zip-writer';
import { readZip } from '../support/zip-reader';

/** A sink that keeps every write apart: how many there were after a point, and all the bytes. */
class CountingSink extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk);
    done();
  }
}

const DATE = new Date('2026-01-31T00:00:00Z');
const nameOf = (i: number) => `facturas/000-001-01-${String(i + 1).padStart(8, '0')}.pdf`;
const contentOf = (i: number) => Buffer.from(`%PDF-1.7 document ${i}\n`.repeat(3 + (i % 5)));

async function zipOf(
  count: number,
): Promise<{ sink: CountingSink; entriesWrites: number; entries: Awaited<ReturnType<ZipWriter['add']>>[] }> {
  const sink = new CountingSink();
  const zip = new ZipWriter(sink, DATE);
  const entries = [];
  for (let i = 0; i < count; i++) entries.push(await zip.add(nameOf(i), contentOf(i)));
  const entriesWrites = sink.chunks.length;
  await zip.finish();
  return { sink, entriesWrites, entries };
}

describe('ZipWriter', () => {
  it('writes every entry with its bytes, size, SHA-256 and the fixed date, in the order added', async () => {
    const { sink, entries } = await zipOf(30);
    const read = readZip(Buffer.concat(sink.chunks));
    expect(read.map((e) => e.name)).toEqual(Array.from({ length: 30 }, (_, i) => nameOf(i)));
    read.forEach((entry, i) => {
      expect(entry.data.equals(contentOf(i))).toBe(true);
      expect(entry.date).toBe('2026-01-31 00:00:00');
      expect(entries[i]).toEqual({
        name: nameOf(i),
        size: contentOf(i).length,
        sha256: createHash('sha256').update(contentOf(i)).digest('hex'),
      });
    });
  });

  it('gives the same bytes for the same entries', async () => {
    const [a, b] = [await zipOf(50), await zipOf(50)];
    expect(Buffer.concat(a.sink.chunks).equals(Buffer.concat(b.sink.chunks))).toBe(true);
  });

  // compress-commons writes each central-directory record as about twenty small writes, all queued
  // at once (about 10 KB of memory per entry at the archive's end); gathered, a month of thousands
  // of documents leaves in a handful of writes whatever its length.
  it('writes the central directory of 2,000 entries in a few large writes, not thousands of small ones', async () => {
    const { sink, entriesWrites } = await zipOf(2000);
    const directoryWrites = sink.chunks.length - entriesWrites;
    expect(directoryWrites).toBeLessThanOrEqual(10);
    expect(readZip(Buffer.concat(sink.chunks))).toHaveLength(2000);
  });
});
