import { createHash } from 'node:crypto';

/** What a PDF is a pure function of: the template data and the exact template (with its logo). */
export interface RenderInputs {
  /** The data handed to the template (buildTemplateData), the ANULADA mark included. */
  data: object;
  /** Identifies the template bytes the render uses, logo included (versionsIdentity below). */
  template: string;
}

/**
 * The cache key of a render: equal keys mean byte-for-byte the same inputs, so a PDF rendered
 * for one may be served for the other. The only place that decides what a render depends on.
 */
export function renderKey(inputs: RenderInputs): string {
  return createHash('sha256').update(inputs.template).update('\0').update(JSON.stringify(inputs.data)).digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Identifies a stored template version with its logo (or none) from their stored SHA-256s:
 * versions are content-addressed, so equal identities mean the same bytes are rendered.
 */
export function versionsIdentity(templateSha256: string, logoSha256: string | null): string {
  return sha256(`${templateSha256} ${logoSha256 ?? 'no logo'}`);
}
