import { parseOdtPackage } from '../../src/pdf/odt-package';
import { storeFilledTemplates } from '../../src/pdf/stored-template-zip';

type Zip = (parts: Array<{ name: string; data: Buffer | string }>, callback: (err: Error | null, zipped?: Buffer) => void) => void;

const zip = (parts: Array<{ name: string; data: Buffer | string }>) =>
  new Promise<Buffer>((resolve, reject) =>
    (require('carbone/lib/file') as { zip: Zip }).zip(parts, (err, zipped) => (err || !zipped ? reject(err) : resolve(zipped))),
  );

describe('the filled template carbone hands to LibreOffice', () => {
  const content = `<office:document-content>${'<text:p>Factura</text:p>'.repeat(200)}</office:document-content>`;
  const parts = [
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
    { name: 'Pictures/', data: '' },
    { name: 'content.xml', data: content },
    { name: 'Pictures/qr.png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
  ];

  it('is a stored zip once the renderer installed it: every part verbatim, the same parts and order', async () => {
    storeFilledTemplates();
    const zipped = await zip(parts.map((p) => ({ ...p })));
    expect(zipped.includes(Buffer.from(content))).toBe(true);
    const reread = await parseOdtPackage(zipped, 'stored.odt');
    expect(reread.parts.map((p) => p.name)).toEqual(['mimetype', 'Pictures/', 'content.xml', 'Pictures/qr.png']);
    expect(reread.parts.find((p) => p.name === 'content.xml')?.data.toString()).toBe(content);
  });
});
