/**
 * The limits every JSON request body is held to while it is read, before anything walks it
 * recursively (validation, the idempotency fingerprint). Legitimate bodies stay far below them:
 * the deepest is three levels (body, items, an item), no field is longer than 255 characters,
 * and an object has at most a handful of fields. Field-specific limits (255 for a name, 32 for
 * a phone...) are the schemas' business; these only bound the work a hostile body can cause.
 * The README lists them; change both together.
 */
export interface RequestLimits {
  readonly maxDepth: number;
  readonly maxStringLength: number;
  readonly maxArrayLength: number;
  readonly maxObjectFields: number;
}

export const REQUEST_LIMITS: RequestLimits = {
  /** Objects and arrays nested inside one another, the body itself counting as level 1. */
  maxDepth: 8,
  /** Characters of any string, field names included (escapes count as the character they stand for). */
  maxStringLength: 1000,
  /** Elements of any array; also the most lines one invoice may have. */
  maxArrayLength: 1000,
  /** Fields of any object. */
  maxObjectFields: 50,
};

/** The limits in words, for the served document. */
export function describeRequestLimits(): string {
  const l = REQUEST_LIMITS;
  return `nesting deeper than ${l.maxDepth} levels (the body is level 1), a string (field names included) over ${l.maxStringLength} characters, an array over ${l.maxArrayLength} elements, an object over ${l.maxObjectFields} fields`;
}
