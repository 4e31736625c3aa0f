import { createHash } from 'node:crypto';

/** What a PDF is a pure function of: the template data and the exact template (with its logo). */
export interface RenderInputs {
  /** The data handed to the template (buildInvoiceTemplateData), the ANULADA mark included. */
  data: object;
  /**
   * Identifies the template bytes the render uses, logo included: the SHA-256 of what is
   * rendered (templateIdentity() below), or the id of a stored, content-addressed template version.
   */
  template: string;
}

/**
 * The cache key of a render: equal keys mean byte-for-byte the same inputs, so a PDF rendered
 * for one may be served for the other. The only place that decides what a render depends on.
 */
export function renderKey(inputs: RenderInputs): string {
  return createHash('sha256').update(inputs.template).update('\0').update(JSON.stringify(inputs.data)).digest('hex');
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** SHA-256 over the SHA-256 of the template file and that of the logo (or of "no logo"). */
export function templateIdentity(templateBytes: Buffer, logoBytes: Buffer | undefined): string {
  return sha256(`${sha256(templateBytes)} ${logoBytes === undefined ? 'no logo' : sha256(logoBytes)}`);
}
