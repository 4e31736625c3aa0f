import { DOCUMENT_TYPES, type DocumentType } from '../../src/domain/document-type';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { partText, type OdtPackage } from '../../src/pdf/odt-package';
import { PdfRenderError, mayBeLibreOfficeDeath, toRenderError } from '../../src/pdf/pdf-render-error';
import { RenderQueue } from '../../src/pdf/render-queue';
import { fieldProblems, TEMPLATE_FIELDS, templateFields } from '../../src/pdf/template-fields';

const { required: REQUIRED_FIELDS, known: KNOWN_FIELDS } = TEMPLATE_FIELDS.invoice;
import { applyLogo, LOGO_MARKER, pngSize } from '../../src/pdf/template-logo';
import { framedPng } from '../support/png';
import { decodeQrPng } from '../support/qr-reader';
import { hasPicturePlaceholder } from '../../src/pdf/template-picture';
import { applyVerificationQr, PREVIEW_QR_PICTURE, QR_MARKER, qrPng } from '../../src/pdf/verification-qr';
import { buildTemplateData } from '../../src/pdf/template-data';
import { sampleDocument } from '../../src/pdf/sample-document';

const PICTURE = 'Pictures/placeholder.png';
const QR_PICTURE = 'Pictures/qr-placeholder.png';
const LOGO_FRAME = `<draw:frame draw:name="Logo" svg:width="5cm" svg:height="2cm"><draw:image xlink:href="${PICTURE}"/><svg:title>${LOGO_MARKER}</svg:title></draw:frame>`;
const QR_FRAME = `<draw:frame draw:name="QR" svg:width="3cm" svg:height="3cm"><draw:image xlink:href="${QR_PICTURE}"/><svg:title>${QR_MARKER}</svg:title></draw:frame>`;

function odt(contentXml: string, stylesXml = ''): OdtPackage {
  return {
    path: 'test.odt',
    parts: [
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') },
      { name: 'content.xml', data: Buffer.from(contentXml) },
      { name: 'styles.xml', data: Buffer.from(stylesXml) },
      { name: PICTURE, data: Buffer.from('placeholder') },
      { name: QR_PICTURE, data: Buffer.from('qr placeholder') },
    ],
  };
}
const allRequired = REQUIRED_FIELDS.map((field) => `<text:p>{${field}}</text:p>`).join('') + `<text:p>${QR_FRAME}</text:p>`;

describe('template fields', () => {
  it('reads markers split by formatting tags, with formatters and loop indexes, from the body and the footer', () => {
    const pkg = odt(
      '<text:p>{d.<text:span>cai</text:span>}</text:p><text:p>{d.lines[i+1].code} {d.issuer.phone:ifEM:hideBegin}</text:p>',
      '<text:p>{ d.copyLegend }</text:p>{logo}',
    );
    expect([...templateFields(pkg)].sort()).toEqual(['d.cai', 'd.copyLegend', 'd.issuer.phone', 'd.lines[i].code']);
  });

  it('knows every field of the template data, lists included', () => {
    for (const field of REQUIRED_FIELDS) expect(KNOWN_FIELDS.has(field)).toBe(true);
    expect(KNOWN_FIELDS.has('d.totals.otherTaxes[i].label')).toBe(true);
  });

  it('accepts a template with every required field, and names the missing and the unknown ones', () => {
    expect(fieldProblems(odt(allRequired), 'invoice')).toEqual([]);
    const broken = odt(allRequired.replace('{d.cai}', '').replace('{d.rangeTo}', '{d.rangeTo} {d.rangoHasta}'));
    expect(fieldProblems(broken, 'invoice')).toEqual([
      'missing required field(s) {d.cai}',
      'unknown field(s) {d.rangoHasta}, which print nothing (a typo?)',
    ]);
  });
});

describe('the verification QR code', () => {
  const url = 'https://facturas.example.hn/verify/AbCdEfGhIjKlMnOpQrStUv';

  it('is a required placeholder picture: a template without it, or whose frame embeds no picture, is refused', () => {
    expect(fieldProblems(odt(allRequired.replace(QR_FRAME, '')), 'invoice')).toEqual(['missing required field(s) {qr}']);
    const linked = QR_FRAME.replace(QR_PICTURE, 'http://example.invalid/qr.png');
    expect(hasPicturePlaceholder(odt(`<text:p>${linked}</text:p>`), QR_MARKER)).toBe(false);
    expect(fieldProblems(odt(allRequired.replace('{d.verificationUrl}', '')), 'creditNote')).toContainEqual(
      expect.stringMatching(/^missing required field\(s\) .*\{d\.verificationUrl\}/),
    );
  });

  it('encodes the address printed beside it, as the same PNG bytes every time', async () => {
    const png = await qrPng(url);
    expect(decodeQrPng(png)).toBe(url);
    expect((await qrPng(url)).equals(png)).toBe(true);
    expect((await qrPng(`${url}x`)).equals(png)).toBe(false);
  });

  it("holds the pixels of qrcode's own PNG: only the compression filter differs, and the PDF prints pixels", async () => {
    const ours = PNG.sync.read(await qrPng(url));
    const qrcodeDefault = PNG.sync.read(await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 }));
    expect([ours.width, ours.height]).toEqual([qrcodeDefault.width, qrcodeDefault.height]);
    expect(ours.data.equals(qrcodeDefault.data)).toBe(true);
  });

  it("fills the placeholder with the issued document's code, and a preview's with a blank square that encodes nothing", async () => {
    const issued = { ...sampleDocument('invoice'), verificationUrl: url };
    const filled = await applyVerificationQr(odt(`<text:p>${QR_FRAME}${LOGO_FRAME}</text:p>`), issued, buildTemplateData(issued));
    const picture = filled.parts.find((p) => p.name === QR_PICTURE)?.data;
    expect(decodeQrPng(picture ?? Buffer.alloc(0))).toBe(url);
    expect(filled.parts.find((p) => p.name === PICTURE)?.data.toString()).toBe('placeholder');
    expect(partText(filled, 'content.xml')).not.toContain(QR_MARKER);

    const preview = { ...issued, preview: true };
    const previewData = buildTemplateData(preview);
    expect(previewData.verificationUrl).not.toContain('/verify/');
    const blank = await applyVerificationQr(odt(`<text:p>${QR_FRAME}</text:p>`), preview, previewData);
    const blankPicture = blank.parts.find((p) => p.name === QR_PICTURE)?.data ?? Buffer.alloc(0);
    expect(blankPicture.equals(PREVIEW_QR_PICTURE)).toBe(true);
    expect(decodeQrPng(blankPicture)).toBeNull();
  });
});

describe('applyLogo', () => {
  it('swaps the placeholder picture for the logo and fits the frame to its proportions', () => {
    const logo = framedPng(300, 100, [0, 0, 200]);
    const filled = applyLogo(odt(`<text:p>${LOGO_FRAME}</text:p>`), logo);
    expect(filled.parts.find((p) => p.name === PICTURE)?.data).toEqual(logo);
    const xml = partText(filled, 'content.xml') ?? '';
    expect(xml).toContain('svg:width="5.000cm" svg:height="1.667cm"');
    expect(xml).not.toContain(LOGO_MARKER);
  });

  it('removes the placeholder frame when there is no logo, and leaves other frames alone', () => {
    const other = '<draw:frame draw:name="Sello"><draw:image xlink:href="Pictures/sello.png"/></draw:frame>';
    const removed = applyLogo(odt(`<text:p>${LOGO_FRAME}${other}</text:p>`), undefined);
    expect(partText(removed, 'content.xml')).toBe(`<text:p>${other}</text:p>`);
  });

  it('returns a template without a placeholder unchanged', () => {
    const pkg = odt('<text:p>{d.cai}</text:p>');
    expect(applyLogo(pkg, framedPng(10, 10, [0, 0, 0]))).toBe(pkg);
  });

  it('reads the pixel size of a PNG and nothing else', () => {
    expect(pngSize(framedPng(120, 45, [1, 2, 3]))).toEqual({ width: 120, height: 45 });
    expect(pngSize(Buffer.from('GIF89a not a png at all'))).toBeUndefined();
  });
});

describe('render failures', () => {
  it("classifies carbone's messages", () => {
    expect(toRenderError('Cannot find LibreOffice. Document conversion cannot be used').reason).toBe('unavailable');
    expect(toRenderError(new Error('Document conversion timeout reached (15000 ms)')).reason).toBe('timeout');
    expect(toRenderError(new Error('Could not convert the document')).reason).toBe('crashed');
    expect(toRenderError('Unknown input file type').reason).toBe('failed');
  });

  it('retries what a dying LibreOffice causes, not a template error or a timeout', () => {
    expect(mayBeLibreOfficeDeath(toRenderError(new Error('Could not convert the document')))).toBe(true);
    expect(mayBeLibreOfficeDeath(toRenderError(new Error('Could not open document')))).toBe(true);
    expect(mayBeLibreOfficeDeath(toRenderError('Unknown input file type'))).toBe(false);
    expect(mayBeLibreOfficeDeath(new PdfRenderError('timeout', 'render exceeded 15000 ms'))).toBe(false);
  });
});

describe('RenderQueue', () => {
  const later = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('runs at most `concurrency` tasks, in arrival order, and fails at once past the waiting limit', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000 });
    const first = later();
    const order: string[] = [];
    const a = queue.run(async () => {
      order.push('a');
      await first.promise;
    });
    const b = queue.run(async () => {
      order.push('b');
    });
    await expect(queue.run(async () => undefined)).rejects.toMatchObject({ reason: 'busy' });
    expect(queue.stats).toEqual({ active: 1, waiting: 1 });
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    expect(queue.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a slot after maxWaitMs, and fails every waiter when told to', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 20 });
    const hold = later();
    const running = queue.run(() => hold.promise);
    await expect(queue.run(async () => undefined)).rejects.toThrow('no slot within 20 ms');
    const waiting = queue.run(async () => undefined);
    queue.failWaiting(new PdfRenderError('unavailable', 'stopped'));
    await expect(waiting).rejects.toMatchObject({ reason: 'unavailable' });
    hold.resolve();
    await running;
  });
});

describe('templates/README.md', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../templates/README.md'), 'utf8');

  it('explains every field a template may use, and marks exactly the required ones (of every document, of an invoice, of a note)', () => {
    const rows = (mark: string) =>
      [...readme.matchAll(new RegExp(`^\\| \`\\{(d\\.[^}]+)\\}\` \\|[^\\n]*\\| \\*\\*yes\\*\\*${mark} \\|$`, 'gm'))].map((m) => m[1]);
    const marks: Record<DocumentType, string> = { invoice: ' on an invoice', creditNote: ' on a note', debitNote: ' on a note' };
    for (const type of DOCUMENT_TYPES) {
      for (const field of TEMPLATE_FIELDS[type].known) expect(readme).toContain(`| \`{${field}}\` |`);
      expect([...rows(''), ...rows(marks[type])].sort()).toEqual([...TEMPLATE_FIELDS[type].required].sort());
    }
  });
});
