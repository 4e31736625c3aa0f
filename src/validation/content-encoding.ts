/**
 * Whether a request body is sent as it is (no Content-Encoding, or `identity`): the only way the
 * API and the console read one. Inflating a body would let a small request grow far past the size
 * limit that was checked on the bytes sent, and a damaged or unknown encoding would fail as an
 * unexpected error instead of a refusal; no client of either needs to compress a request.
 */
export function sentUncompressed(contentEncoding: string): boolean {
  const encoding = contentEncoding.trim().toLowerCase();
  return encoding === '' || encoding === 'identity';
}
