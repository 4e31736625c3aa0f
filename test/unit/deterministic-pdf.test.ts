import { makeDeterministic, pdfDate } from '../../src/pdf/deterministic-pdf';

/**
 * A small PDF laid out as LibreOffice writes one: numbered objects, the Info dictionary last,
 * one classic cross-reference table, a trailer with /ID and /DocChecksum. Offsets are computed,
 * so the file is valid whatever its parts.
 */
function libreOfficeLike(parts: { created: string; id: string; checksum: string; xmp?: string; page?: string }): Buffer {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Note(${parts.page ?? 'one'})>>`,
    parts.xmp === undefined
      ? '<</Producer(test)>>'
      : `<</Type/Metadata/Subtype/XML/Length ${parts.xmp.length}>>\nstream\n${parts.xmp}\nendstream`,
    `<</Creator<FEFF0057>\n/Producer<FEFF004C>\n/CreationDate(${parts.created})>>`,
  ];
  let text = '%PDF-1.6\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R\n/Info 5 0 R\n/ID [ <${parts.id}>\n<${parts.id}> ]\n`;
  text += `/DocChecksum /${parts.checksum}\n>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** Every offset the cross-reference table gives points at its object, and startxref at the table. */
function expectValidOffsets(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.startsWith('xref', xref)).toBe(true);
  const rows = text.slice(xref).split('\n').slice(3);
  for (let n = 1; n <= 5; n++) expect(text.startsWith(`${n} 0 obj`, Number(rows[n - 1].slice(0, 10)))).toBe(true);
}

const issuedAt = new Date('2026-03-01T02:15:09Z'); // 20:15:09 on 28 February in Honduras

describe('makeDeterministic', () => {
  it("writes a PDF date in Honduras time with LibreOffice's offset notation", () => {
    expect(pdfDate(issuedAt)).toBe("D:20260228201509-06'00'");
  });

  it('gives one file for renders that differ only in their time and random identifier', () => {
    const first = makeDeterministic(
      libreOfficeLike({ created: "D:20261126023325Z'", id: 'A'.repeat(32), checksum: 'B'.repeat(32) }),
      issuedAt,
    );
    const second = makeDeterministic(
      libreOfficeLike({ created: "D:20261127101112-04'00'", id: '0123456789ABCDEF0123456789ABCDEF', checksum: 'C'.repeat(32) }),
      issuedAt,
    );

    expect(second.equals(first)).toBe(true);
    const text = first.toString('latin1');
    expect(text).toContain("/CreationDate(D:20260228201509-06'00')");
    expect(text).not.toContain('AAAAAAAA');
    expectValidOffsets(first);
  });

  it('derives the identifier from the content: another document, another /ID', () => {
    const id = (pdf: Buffer) => /\/ID \[ <([0-9A-F]{32})>\n<\1> \]/.exec(pdf.toString('latin1'))?.[1];
    const one = makeDeterministic(
      libreOfficeLike({ created: "D:20261126023325Z'", id: 'A'.repeat(32), checksum: 'B'.repeat(32) }),
      issuedAt,
    );
    const other = makeDeterministic(
      libreOfficeLike({ created: "D:20261126023325Z'", id: 'A'.repeat(32), checksum: 'B'.repeat(32), page: 'two' }),
      issuedAt,
    );

    expect(id(one)).toMatch(/^[0-9A-F]{32}$/);
    expect(id(other)).toMatch(/^[0-9A-F]{32}$/);
    expect(id(other)).not.toBe(id(one));
  });

  it('dates XMP metadata without changing its length, in the notation it had, and derives its uuids', () => {
    const xmp = (date: string, uuid: string) =>
      `<x:xmpmeta><xmp:CreateDate>${date}</xmp:CreateDate><xmpMM:DocumentID>uuid:${uuid}</xmpMM:DocumentID></x:xmpmeta>`;
    const render = (date: string, uuid: string) =>
      makeDeterministic(
        libreOfficeLike({ created: "D:20261126023325Z'", id: 'A'.repeat(32), checksum: 'B'.repeat(32), xmp: xmp(date, uuid) }),
        issuedAt,
      );

    const zoned = render('2026-11-26T10:00:00-04:00', '6ba7b810-9dad-11d1-80b4-00c04fd430c8').toString('latin1');
    expect(zoned).toContain('<xmp:CreateDate>2026-02-28T20:15:09-06:00</xmp:CreateDate>');
    const utc = render('2026-11-26T10:00:00Z', '6ba7b810-9dad-11d1-80b4-00c04fd430c8');
    expect(utc.toString('latin1')).toContain('<xmp:CreateDate>2026-03-01T02:15:09Z</xmp:CreateDate>');
    expect(render('2026-11-27T11:00:00Z', '00000000-1111-2222-3333-444444444444').equals(utc)).toBe(true);
    expect(utc.toString('latin1')).not.toContain('6ba7b810');
    expectValidOffsets(utc);
  });

  it('refuses a file it does not know how to make deterministic rather than return one that varies', () => {
    const plain = libreOfficeLike({ created: "D:20261126023325Z'", id: 'A'.repeat(32), checksum: 'B'.repeat(32) }).toString('latin1');
    const updated = plain.replace('/Info 5 0 R', '/Info 5 0 R/Prev 9');
    const noTable = plain.replace(/startxref\n\d+/, 'startxref\n3');

    for (const broken of [updated, noTable, '%PDF-1.6\nnothing']) {
      expect(() => makeDeterministic(Buffer.from(broken, 'latin1'), issuedAt)).toThrow(
        expect.objectContaining({ name: 'PdfRenderError', reason: 'failed' }),
      );
    }
  });
});
