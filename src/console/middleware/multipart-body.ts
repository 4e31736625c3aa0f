import busboy from 'busboy';
import type { Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { ConsoleState, UploadedFile } from '../console-state';

/**
 * The files a console form may upload, by field name, with the most each may weigh: a letterhead
 * template (.odt) and its logo (PNG). Any other file field is read and dropped.
 */
export const UPLOAD_LIMITS: Record<string, { bytes: number; label: string }> = {
  template: { bytes: 5 * 1024 * 1024, label: '5 MB' },
  logo: { bytes: 1024 * 1024, label: '1 MB' },
};

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.bytes));

/**
 * Reads a POST's multipart/form-data body into ctx.state.form (text fields, the first value of
 * each) and ctx.state.files (the allowed file fields, in memory), so that the guard checks its
 * `_csrf` exactly as an urlencoded form's. A file over its limit is refused (PAYLOAD_TOO_LARGE)
 * after the guard has seen the token: an outsider's upload is a 403 like any other POST.
 */
export const multipartBody: Middleware<ConsoleState> = async (ctx, next) => {
  if (ctx.method !== 'POST' || !ctx.is('multipart/form-data')) return next();
  const form: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let tooLarge: string | undefined;
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { fields: 20, fieldSize: 64 * 1024, files: 4, parts: 24, fileSize: LARGEST_UPLOAD + 1 },
      });
    } catch (err) {
      reject(new AppError('VALIDATION_FAILED', `the multipart form cannot be read: ${(err as Error).message}`));
      return;
    }
    parser.on('field', (name, value) => {
      if (!(name in form)) form[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const limit = UPLOAD_LIMITS[name];
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (limit && size <= limit.bytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (!limit || name in files) return;
        if (size > limit.bytes) tooLarge ??= `the file ${name} is larger than ${limit.label}`;
        else if (size > 0 || info.filename) files[name] = { name: info.filename || name, data: Buffer.concat(chunks) };
      });
    });
    parser.on('error', (err: Error) => reject(new AppError('VALIDATION_FAILED', `the multipart form cannot be read: ${err.message}`)));
    parser.on('close', () => resolve());
    ctx.req.pipe(parser);
  });
  ctx.state.form = form;
  ctx.state.files = files;
  ctx.state.uploadRefusal = tooLarge;
  return next();
};

/** After the guard: the upload a multipart POST was refused for, if any. */
export const refuseOversizedUpload: Middleware<ConsoleState> = async (ctx, next) => {
  if (ctx.state.uploadRefusal !== undefined) throw new AppError('PAYLOAD_TOO_LARGE', `${ctx.state.uploadRefusal}; nothing was changed`);
  return next();
};
