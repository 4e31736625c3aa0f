/**
 * Why a render failed. Every kind is worth a retry later (a 5xx, not a 4xx):
 * - unavailable: no LibreOffice (absent, not started, stopped);
 * - busy: too many renders already waiting for a LibreOffice slot;
 * - timeout: the render exceeded its limit;
 * - crashed: LibreOffice died under the job (carbone restarts it in about 2.4 s);
 * - failed: anything else, a broken template included.
 */
export type PdfRenderFailure = 'unavailable' | 'busy' | 'timeout' | 'crashed' | 'failed';

export class PdfRenderError extends Error {
  readonly reason: PdfRenderFailure;

  constructor(reason: PdfRenderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
    this.reason = reason;
  }
}

/**
 * carbone's own wording for each kind (it reports failures as plain strings or bare Errors):
 * converter.js sets "Could not convert the document" when the soffice or python process of a
 * factory exits under a job, and python's error codes 1/100 mean it lost LibreOffice.
 */
const CARBONE_FAILURES: Array<[RegExp, PdfRenderFailure]> = [
  [/cannot find libreoffice/i, 'unavailable'],
  [/conversion timeout reached/i, 'timeout'],
  [/^(could not convert the document|global error|existing office server not found)$/i, 'crashed'],
];

/** Classifies whatever carbone passed to its callback (or threw) as a PdfRenderError. */
export function toRenderError(err: unknown): PdfRenderError {
  if (err instanceof PdfRenderError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const reason = CARBONE_FAILURES.find(([pattern]) => pattern.test(message.trim()))?.[1] ?? 'failed';
  return new PdfRenderError(reason, `PDF render failed: ${message}`, { cause: err });
}

/**
 * Whether LibreOffice may have died under the job, so one more attempt is worth it: carbone's
 * "crashed", or python's "Could not open/convert document" (codes 400/401), which is what the
 * job gets when soffice vanishes during the UNO call, before carbone notices the exit. A really
 * broken document fails the same way twice and is reported after the second attempt.
 */
export function mayBeLibreOfficeDeath(error: PdfRenderError): boolean {
  return error.reason === 'crashed' || /could not (open|convert) document$/i.test(error.message);
}
