import { execFileSync } from 'node:child_process';
import type { Response } from 'superagent';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const A4_POINTS = { width: 595, height: 842 };

export interface ReadPdf {
  pages: number;
  pageSize: { width: number; height: number };
  /** The whole text, whitespace collapsed to single spaces. */
  text: string;
  /** One page's text (1-based), whitespace collapsed. */
  pageText(page: number): string;
  /** Pixel sizes of the raster images (a logo), from pdfimages. */
  images: Array<{ width: number; height: number }>;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** Reads a PDF the way a person's tools would: pdfinfo, pdftotext and pdfimages (poppler). */
export function readPdf(pdf: Buffer): ReadPdf {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-read-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    const pages = /Pages:\s+(\d+)/.exec(info);
    if (size === null || pages === null) throw new Error(`pdfinfo gave no page size or count:\n${info}`);
    const pdftotext = (...range: string[]) =>
      execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', ...range, file, '-'], { encoding: 'utf8' });
    const pageTexts = Array.from({ length: Number(pages[1]) }, (_, i) => collapse(pdftotext('-f', String(i + 1), '-l', String(i + 1))));
    const imageRows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((row) => row.trim() !== '');
    return {
      pages: Number(pages[1]),
      pageSize: { width: Number(size[1]), height: Number(size[2]) },
      text: collapse(pdftotext()),
      pageText: (page) => pageTexts[page - 1],
      images: imageRows.map((row) => {
        const columns = row.trim().split(/\s+/);
        return { width: Number(columns[3]), height: Number(columns[4]) };
      }),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the page size is A4 within a point. */
export function isA4(pdf: ReadPdf): boolean {
  return Math.abs(pdf.pageSize.width - A4_POINTS.width) <= 1 && Math.abs(pdf.pageSize.height - A4_POINTS.height) <= 1;
}

/** A supertest parser that keeps a binary body (a PDF) as a Buffer: `.buffer(true).parse(binaryBody)`. */
export function binaryBody(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * The raster images of a PDF other than the verification QR code (and a preview's blank square in
 * its place), both square: what a letterhead put on the page, such as its logo.
 */
export function letterheadImages(pdf: ReadPdf): ReadPdf['images'] {
  return pdf.images.filter((image) => image.width !== image.height);
}
