/**
 * A strict RFC 4180 reader for the reports' CSV (written independently of the writer under test):
 * quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`bare line break at ${i}: records must end with CRLF`);
    } else {
      field += ch;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('last record does not end with CRLF');
  return records;
}
