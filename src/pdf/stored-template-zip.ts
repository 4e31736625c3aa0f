import path from 'node:path';

/** A part of the filled template as carbone hands it to its zip function. */
interface ZipPart {
  name: string;
  data: Buffer | string;
}

/** The few members of yazl (carbone's zip writer) used here; carbone's own copy is the one loaded. */
interface YazlZipFile {
  outputStream: NodeJS.ReadableStream;
  addBuffer(data: Buffer, name: string, options: { compress: boolean }): void;
  addEmptyDirectory(name: string): void;
  end(): void;
}

type Zip = (parts: ZipPart[], callback: (err: Error | null, zipped?: Buffer) => void) => void;

let installed = false;

/**
 * Makes carbone write the filled template it hands to LibreOffice as a stored (uncompressed) zip.
 *
 * carbone zips the filled template again on every render, deflating every part, only for
 * LibreOffice to inflate it a moment later from a file in the temp directory; pictures (the
 * template's thumbnail, the logo, the QR code) are deflated a second time for nothing. That was
 * 8-10 ms of every PDF, on the renderer's critical path; stored, the zip takes under 1 ms and is
 * about 100 KB. What LibreOffice reads is the same document, so the PDF's bytes are unchanged.
 *
 * carbone calls its zip function through its module object (lib/file.js), so replacing that
 * property reaches every render. Installed by the service's renderer only: the bench's render
 * floor stays carbone as published.
 */
export function storeFilledTemplates(): void {
  if (installed) return;
  installed = true;
  const carboneDir = path.dirname(require.resolve('carbone'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yazl = require(require.resolve('yazl', { paths: [carboneDir] })) as { ZipFile: new () => YazlZipFile };
  const carboneFile = require('carbone/lib/file') as { zip: Zip };
  carboneFile.zip = (parts, callback) => {
    const zip = new yazl.ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', (err: Error) => callback(err));
    zip.outputStream.on('end', () => callback(null, Buffer.concat(chunks)));
    for (const part of parts) {
      if (part.name.endsWith('/')) zip.addEmptyDirectory(part.name);
      else zip.addBuffer(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), part.name, { compress: false });
    }
    zip.end();
  };
}
