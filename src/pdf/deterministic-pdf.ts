import { createHash } from 'node:crypto';
import { hondurasDateTime } from '../domain/calendar-date';
import { PdfRenderError } from './pdf-render-error';

/**
 * What LibreOffice writes that the document does not decide: the export's time (Info dictionary,
 * XMP metadata when there is one) and a random file identifier (/ID, and its own /DocChecksum
 * over bytes that include the time). Everything else in its output (font subset tags included)
 * follows from the content, so replacing these three makes a PDF a pure function of the
 * document (decision 53).
 */

/** The document's instant as a PDF date in Honduras time: D:YYYYMMDDHHmmSS-06'00'. */
export function pdfDate(instant: Date): string {
  const local = hondurasDateTime(instant); // YYYY-MM-DDTHH:MM:SS-06:00
  return `D:${local.slice(0, 19).replace(/[-T:]/g, '')}-06'00'`;
}

interface XrefEntry {
  objectNumber: number;
  /** Where the entry's 10-digit offset is written in the file. */
  at: number;
  offset: number;
  inUse: boolean;
}

interface Layout {
  xrefAt: number;
  entries: XrefEntry[];
  trailerAt: number;
  /** Where the startxref number is written, and its text. */
  startxref: { at: number; text: string };
}

const unexpected = (what: string) =>
  new PdfRenderError('failed', `LibreOffice wrote a PDF this service cannot make deterministic (${what})`);

/** The last cross-reference table and trailer: LibreOffice writes one classic table, no update sections. */
function readLayout(text: string): Layout {
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (tail === null) throw unexpected('no startxref at its end');
  const xrefAt = Number(tail[1]);
  if (!text.startsWith('xref', xrefAt)) throw unexpected('no classic cross-reference table');
  const entries: XrefEntry[] = [];
  const section = /\s*(\d+) (\d+)\r?\n/y;
  const entry = /(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)/y;
  let at = xrefAt + 'xref'.length;
  for (;;) {
    section.lastIndex = at;
    const header = section.exec(text);
    if (header === null) break;
    at = section.lastIndex;
    for (let i = 0; i < Number(header[2]); i++) {
      entry.lastIndex = at;
      const row = entry.exec(text);
      if (row === null) throw unexpected('a malformed cross-reference entry');
      entries.push({ objectNumber: Number(header[1]) + i, at, offset: Number(row[1]), inUse: row[3] === 'n' });
      at = entry.lastIndex;
    }
  }
  const trailerAt = text.indexOf('trailer', at);
  if (trailerAt === -1 || /\S/.test(text.slice(at, trailerAt))) throw unexpected('no trailer after the table');
  return { xrefAt, entries, trailerAt, startxref: { at: tail.index + tail[0].indexOf(tail[1]), text: tail[1] } };
}

/** Sets every date of the Info dictionary to `date`; the value may change length. */
function infoWithDate(info: string, date: string): string {
  return info.replace(/\/(CreationDate|ModDate)\s*(\([^)]*\)|<[^>]*>)/g, (_match, key: string) => `/${key}(${date})`);
}

/**
 * XMP dates and ids sit inside a stream whose /Length counts them, so they are replaced by values
 * of the same length: the instant in Honduras or UTC notation (whichever the original used), and
 * uuids derived from the content hash.
 */
function xmpDeterministic(text: string, instant: Date, hash: string): string {
  if (!text.includes('<x:xmpmeta')) return text;
  const honduras = hondurasDateTime(instant);
  const utc = `${instant.toISOString().slice(0, 19)}Z`;
  const dated = text.replace(/<xmp:(CreateDate|ModifyDate|MetadataDate)>([^<]*)<\/xmp:\1>/g, (_m, tag: string, value: string) => {
    const same = [honduras, utc].find((candidate) => candidate.length === value.length);
    if (same === undefined) throw unexpected(`an XMP date in an unknown notation: ${value}`);
    return `<xmp:${tag}>${same}</xmp:${tag}>`;
  });
  const uuid = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-${hash.slice(12, 16)}-${hash.slice(16, 20)}-${hash.slice(20, 32)}`;
  return dated.replace(/uuid:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g, `uuid:${uuid}`);
}

const HEX_VALUES = /(\/ID\s*\[\s*<)([0-9A-Fa-f]*)(>\s*<)([0-9A-Fa-f]*)(>\s*\])|(\/DocChecksum\s*\/)([0-9A-Fa-f]+)/g;

/** The trailer with its /ID pair and /DocChecksum written by `hex` (cut to each value's length). */
function trailerWithIds(trailer: string, hex: (length: number) => string): string {
  return trailer.replace(
    HEX_VALUES,
    (_m, idOpen?: string, first?: string, between?: string, second?: string, idClose?: string, sumKey?: string, sum?: string) =>
      idOpen !== undefined ? `${idOpen}${hex(first!.length)}${between}${hex(second!.length)}${idClose}` : `${sumKey}${hex(sum!.length)}`,
  );
}

/**
 * Returns LibreOffice's PDF with its dates set to the document's instant (Honduras time) and its
 * file identifier derived from its content, so that every render of one document in one state
 * is byte-identical whichever instance renders it and when. The Info dictionary may change length:
 * the cross-reference offsets after it are moved accordingly. Throws PdfRenderError ("failed")
 * for a PDF whose layout it does not know rather than return one that still varies.
 */
export function makeDeterministic(pdf: Buffer, documentDate: Date): Buffer {
  // latin1 maps each byte to one character and back, so binary streams survive untouched.
  const text = pdf.toString('latin1');
  const layout = readLayout(text);
  const trailer = text.slice(layout.trailerAt, layout.startxref.at);
  if (/\/(Prev|XRefStm|Encrypt)\b/.test(trailer)) throw unexpected('an updated, hybrid or encrypted file');
  const infoRef = /\/Info\s+(\d+)\s+\d+\s+R/.exec(trailer);
  const infoEntry = infoRef === null ? undefined : layout.entries.find((e) => e.objectNumber === Number(infoRef[1]) && e.inUse);
  if (infoRef !== null && infoEntry === undefined) throw unexpected('an Info dictionary missing from the table');

  // The Info object is rewritten in place; whatever lies after it moves by its change in length.
  const infoAt = infoEntry?.offset ?? layout.xrefAt;
  const infoEnd = infoEntry === undefined ? infoAt : text.indexOf('endobj', infoAt);
  if (infoEnd === -1 || infoEnd > layout.xrefAt) throw unexpected('an Info object that does not end');
  const info = infoWithDate(text.slice(infoAt, infoEnd), pdfDate(documentDate));
  const shift = info.length - (infoEnd - infoAt);
  const moved = (offset: number) => (offset > infoAt ? offset + shift : offset);

  const zeros = (length: number) => '0'.repeat(length);
  let body = text.slice(0, infoAt) + info + text.slice(infoEnd, layout.trailerAt);
  for (const entry of layout.entries) {
    if (!entry.inUse) continue;
    const at = moved(entry.at);
    body = body.slice(0, at) + String(moved(entry.offset)).padStart(10, '0') + body.slice(at + 10);
  }
  const end = `${String(moved(layout.xrefAt))}${text.slice(layout.startxref.at + layout.startxref.text.length)}`;

  // The identifier hashes the file with its volatile parts neutralised: dates already fixed, ids zeroed.
  const neutral = xmpDeterministic(body, documentDate, zeros(64)) + trailerWithIds(trailer, zeros) + end;
  const hash = createHash('sha256').update(neutral, 'latin1').digest('hex');
  const result =
    xmpDeterministic(body, documentDate, hash) + trailerWithIds(trailer, (length) => hash.slice(0, length).toUpperCase()) + end;
  return Buffer.from(result, 'latin1');
}
