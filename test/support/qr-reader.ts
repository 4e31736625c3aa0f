import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code in a PNG image, or null when a decoder finds none. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/**
 * The QR code a person's phone would read off each page of a PDF: every page rasterised as a
 * scanner sees it (`pdftoppm -png -r 150`), then decoded; null for a page without a readable code.
 */
export function decodePdfQrCodes(pdf: Buffer): Array<string | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-qr-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', file, path.join(dir, 'page')]);
    return fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort()
      .map((name) => decodeQrPng(fs.readFileSync(path.join(dir, name))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
