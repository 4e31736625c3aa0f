import type QRCode from 'qrcode';
import type { QRCodeToBufferOptions } from 'qrcode';
import type { OdtPackage } from './odt-package';
import type { PrintedDocument, TemplateData } from './template-data';
import { fillPicture } from './template-picture';

/** The alternative-text title of the verification QR placeholder picture (template-picture.ts). */
export const QR_MARKER = '{qr}';

/**
 * Medium error correction survives a crease or a smudge on paper; a 4-module quiet zone is what
 * scanners expect; 8 pixels a module stays sharp at 300 dpi in a frame of about 3 cm. Fixed
 * options: qrcode chooses the version and mask from the text alone, so the same URL always gives
 * the same pixels and a reprint is byte-identical.
 *
 * PNG filter "Up" for every row instead of pngjs's adaptive choice, which tries all five filters
 * on each row and cost about 8 ms of CPU per document, the largest single share of an issue's
 * CPU in the service after LibreOffice. A QR's rows repeat `scale` times, so "Up" turns most of
 * them into zeros: about 3 ms, a 6 KB picture instead of 2.5 KB. Only the PNG's compression
 * changes: LibreOffice decodes the picture and the PDF carries its pixels, so the PDF's bytes are
 * the same with either filter (test/unit/pdf-template-parts.test.ts checks the pixels).
 */
const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;
/** qrcode hands its rendererOpts to pngjs as they are; its type declarations name only the deflate ones. */
type PngOptions = NonNullable<QRCodeToBufferOptions['rendererOpts']> & { filterType?: number };
const PNG_FILTER_UP = 2;

/** A blank light-grey square: what a preview prints where the QR goes, a picture that encodes nothing. */
export const PREVIEW_QR_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWN49uzZfwAJGgOygkoD2gAAAABJRU5ErkJggg==',
  'base64',
);

/** The PNG of a QR code that encodes `text`. */
export function qrPng(text: string): Promise<Buffer> {
  // qrcode writes the picture's size into rendererOpts: each call gets its own copy.
  const rendererOpts: PngOptions = { filterType: PNG_FILTER_UP };
  // Required at the first QR drawn, not when this module loads: most CLI commands print nothing.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const qrcode = require('qrcode') as typeof QRCode;
  return qrcode.toBuffer(text, { ...QR_OPTIONS, rendererOpts });
}

/**
 * The template with the document's QR code in its `{qr}` placeholder: the QR of the address the
 * document prints beside it (`d.verificationUrl`), so the picture and the text cannot disagree
 * and the render key, which covers the data, covers the picture too. A preview has no address
 * and gets the blank square instead (decision 54).
 */
export async function applyVerificationQr(pkg: OdtPackage, printed: PrintedDocument, data: TemplateData): Promise<OdtPackage> {
  const picture = printed.preview ? PREVIEW_QR_PICTURE : await qrPng(data.verificationUrl);
  return fillPicture(pkg, QR_MARKER, picture, 'QR');
}
