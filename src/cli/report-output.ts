import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { AppError } from '../domain/app-error';
import { type ReportFormat, type ReportTable, REPORT_WRITERS } from '../services/fiscal-reports';

/** Writes a report to `outFile` (whole or not at all: `writeFileStream`), or to stdout without one. */
export async function writeReport(table: ReportTable, format: ReportFormat, outFile: string | undefined): Promise<void> {
  const write = REPORT_WRITERS[format];
  if (outFile === undefined) {
    if (format === 'xlsx' && process.stdout.isTTY)
      throw new AppError('VALIDATION_FAILED', 'an XLSX report is binary: give --out FILE (or redirect stdout)');
    // stdout must stay open after the report, so the writer ends a pass-through instead.
    const through = new PassThrough();
    through.pipe(process.stdout, { end: false });
    const drained = once(through, 'end');
    await write(table, through);
    await drained;
    return;
  }
  await writeFileStream(outFile, (stream) => write(table, stream));
}

/**
 * Writes a file through `write`, under a temporary name beside it, renamed only once complete, so
 * a failure never leaves a half file (or clobbers an earlier one) under the name an accountant
 * will open; FILE_NOT_ACCESSIBLE when it cannot be created.
 */
export async function writeFileStream(outFile: string, write: (stream: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  const target = path.resolve(outFile);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  const stream = createWriteStream(temporary, { flags: 'wx' });
  try {
    await once(stream, 'open').catch((err: NodeJS.ErrnoException) => {
      throw new AppError(
        'FILE_NOT_ACCESSIBLE',
        `cannot write ${outFile}: ${err.code === 'ENOENT' ? 'no such directory' : (err.code ?? err.message)}`,
      );
    });
    await write(stream);
    await rename(temporary, target);
  } catch (err) {
    stream.destroy();
    await unlink(temporary).catch(() => undefined);
    throw err;
  }
}

/** Writes a whole file (a PDF) under a temporary name beside it, renamed once complete; FILE_NOT_ACCESSIBLE when it cannot be. */
export async function writeFileOrRefuse(outFile: string, content: Buffer): Promise<void> {
  const target = path.resolve(outFile);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { flag: 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new AppError(
      'FILE_NOT_ACCESSIBLE',
      `cannot write ${outFile}: ${code === 'ENOENT' ? 'no such directory' : (code ?? (err as Error).message)}`,
    );
  }
  await rename(temporary, target);
}
