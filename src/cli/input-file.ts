import { readFile } from 'node:fs/promises';
import { AppError } from '../domain/app-error';

/** The bytes of a file the operator named (`what` says which, for the message); FILE_NOT_ACCESSIBLE when it cannot be read. */
export async function readInputFile(file: string, what: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (code ?? String(err));
    throw new AppError('FILE_NOT_ACCESSIBLE', `cannot read ${what} ${file}: ${reason}`);
  }
}
