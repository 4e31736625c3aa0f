import busboy from 'busboy';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../domain/app-error';
import type { ConsoleState, UploadedFile } from '../console-state';
import type { CsrfCheck } from './guard';

/**
 * The files a console form may upload, by field name, with the most each may weigh: a letterhead
 * template (.odt) and its logo (PNG), the catalog spreadsheet (XLSX or CSV). Any other file field is read and dropped.
 */
export const UPLOAD_LIMITS: Record<string, { bytes: number; label: string }> = {
  template: { bytes: 5 * 1024 * 1024, label: '5 MB' },
  logo: { bytes: 1024 * 1024, label: '1 MB' },
  // The catalog spreadsheet: 10,000 products with their prices and ids are about 1 MB of CSV.
  catalog: { bytes: 7 * 1024 * 1024, label: '7 MB' },
};

/** The most a whole multipart request may weigh: both files at their limits, the fields and the encoding fit well within it. */
export const MULTIPART_REQUEST_LIMIT = { bytes: 8 * 1024 * 1024, label: '8 MB' };

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.bytes));

type ConsoleRequest = Context & { state: ConsoleState };

const tooLarge = (what: string) => new AppError('PAYLOAD_TOO_LARGE', `${what}; nothing was changed`);
const requestTooLarge = () => tooLarge(`the request is larger than ${MULTIPART_REQUEST_LIMIT.label}`);

/**
 * Reads a POST's multipart/form-data body into ctx.state.form (text fields, the first value of
 * each) and ctx.state.files (the allowed file fields, in memory), reading no more of it than it
 * must to refuse it (decision 68):
 * - without a session nothing is read: the guard refuses the POST (403) as it refuses any other;
 * - the token comes in the query string (`?_csrf=`, for a client that cannot order its parts), or
 *   else the first part must be the `_csrf` field (`PostForm` writes it first, and a browser sends
 *   the fields in the form's order): it is checked with the guard's rule before the body is read,
 *   or as soon as that first part has arrived, so a forged or stale upload is refused (403) before
 *   any file part is read; a token in the query string is never logged (the access line has the
 *   path only);
 * - then a request whose Content-Length is over MULTIPART_REQUEST_LIMIT is refused (413), and one
 *   without as soon as it passes the limit while it streams;
 * - a file over its own limit is refused (413) as soon as it passes it.
 * A refusal stops reading; the error page then closes the connection instead of reading the rest.
 */
export function multipartBody(checkCsrf: CsrfCheck): Middleware<ConsoleState> {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.is('multipart/form-data') || !ctx.state.session) return next();
    ctx.state.files = await readMultipart(ctx, checkCsrf);
    return next();
  };
}

/** Streams the body through busboy into ctx.state.form, resolving with the files; rejects with the first refusal. */
function readMultipart(ctx: ConsoleRequest, checkCsrf: CsrfCheck): Promise<Record<string, UploadedFile>> {
  const form: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  ctx.state.form = form;
  return new Promise((resolve, reject) => {
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
    let received = 0;
    let stopped = false;
    let tokenChecked = false;
    const countBytes = (chunk: Buffer) => {
      received += chunk.length;
      if (received > MULTIPART_REQUEST_LIMIT.bytes) stop(requestTooLarge());
    };
    const stop = (refusal: unknown) => {
      if (stopped) return;
      stopped = true;
      ctx.req.off('data', countBytes);
      ctx.req.unpipe(parser);
      reject(refusal);
    };
    /** The first part has arrived: unless it was the right `_csrf` and the request is not too large, stop here. */
    const checkToken = () => {
      tokenChecked = true;
      try {
        checkCsrf(ctx);
      } catch (refusal) {
        stop(refusal);
        return;
      }
      if ((ctx.request.length ?? 0) > MULTIPART_REQUEST_LIMIT.bytes) stop(requestTooLarge());
    };
    parser.on('field', (name, value) => {
      if (stopped) return;
      if (!tokenChecked) {
        if (name === '_csrf') form._csrf = value;
        checkToken();
      } else if (!(name in form)) form[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (stopped) return;
      if (!tokenChecked) checkToken();
      if (stopped) return;
      const limit = UPLOAD_LIMITS[name];
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!limit) return;
        if (size > limit.bytes) stop(tooLarge(`the file ${name} is larger than ${limit.label}`));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stopped || !limit || name in files) return;
        if (size > 0 || info.filename) files[name] = { name: info.filename || name, data: Buffer.concat(chunks) };
      });
    });
    parser.on('error', (err: Error) => stop(new AppError('VALIDATION_FAILED', `the multipart form cannot be read: ${err.message}`)));
    parser.on('close', () => {
      if (!stopped) resolve(files);
    });
    // A client that goes away mid-upload would otherwise leave the parser waiting for the rest.
    ctx.req.once('close', () => {
      if (!ctx.req.complete) stop(new AppError('VALIDATION_FAILED', 'the upload was cut short'));
    });
    const queryToken = ctx.query._csrf;
    if (typeof queryToken === 'string') {
      form._csrf = queryToken;
      checkToken();
      if (stopped) return;
    }
    ctx.req.on('data', countBytes);
    ctx.req.pipe(parser);
  });
}
