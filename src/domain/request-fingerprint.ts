import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth and no whitespace, so two bodies that differ only
 * in key order or formatting are the same request (decision 14). Array order is kept: it is
 * the order of the invoice lines.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex SHA-256 of the canonical JSON of a request body. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}
