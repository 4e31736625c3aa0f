import { inflateRawSync } from 'node:zlib';

export interface ZipFileEntry {
  name: string;
  /** The entry's DOS date as YYYY-MM-DD hh:mm:ss (as written, no time zone). */
  date: string;
  data: Buffer;
}

/**
 * The entries of a ZIP, in the order of its central directory, read with Node's zlib alone
 * (independently of the writer under test): stored and deflated entries, no ZIP64, no encryption.
 */
export function readZip(zip: Buffer): ZipFileEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipFileEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central directory entry ${i} is damaged`);
    const method = zip.readUInt16LE(at + 10);
    const time = zip.readUInt16LE(at + 12);
    const day = zip.readUInt16LE(at + 14);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${(day >> 9) + 1980}-${pad((day >> 5) & 15)}-${pad(day & 31)} ${pad(time >> 11)}:${pad((time >> 5) & 63)}:${pad((time & 31) * 2)}`;
    entries.push({ name, date, data });
    at += 46 + skip;
  }
  return entries;
}
