import fc from 'fast-check';
import { AppError } from '../../src/domain/app-error';
import { checkJsonLimits } from '../../src/http/body/json-limits-scan';
import { REQUEST_LIMITS } from '../../src/http/body/request-limits';

const small = { maxDepth: 3, maxStringLength: 5, maxArrayLength: 4, maxObjectFields: 3 };

function refusal(text: string, limits = REQUEST_LIMITS): string | undefined {
  try {
    checkJsonLimits(text, limits);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    return (error as AppError).message;
  }
}

/** The same limits checked the slow, recursive way, on the parsed value. */
function exceedsLimits(value: unknown, limits: typeof small, depth = 1): boolean {
  if (typeof value === 'string') return value.length > limits.maxStringLength;
  if (value === null || typeof value !== 'object') return false;
  if (depth > limits.maxDepth) return true;
  if (Array.isArray(value)) return value.length > limits.maxArrayLength || value.some((v) => exceedsLimits(v, limits, depth + 1));
  const entries = Object.entries(value);
  return (
    entries.length > limits.maxObjectFields ||
    entries.some(([k, v]) => k.length > limits.maxStringLength || exceedsLimits(v, limits, depth + 1))
  );
}

describe('checkJsonLimits', () => {
  it('lets ordinary request bodies through', () => {
    expect(
      refusal(JSON.stringify({ items: [{ externalProductId: 'SKU-1', quantity: 2, price: 10.5 }], purchaseOrderNumber: 'OC-1' })),
    ).toBeUndefined();
    expect(refusal('{}')).toBeUndefined();
    expect(refusal('[]')).toBeUndefined();
  });

  it('counts nesting levels, the body being level 1', () => {
    expect(refusal('[[[1]]]', small)).toBeUndefined();
    expect(refusal('[[[[1]]]]', small)).toBe('body[0][0][0] nests objects or arrays more than 3 levels deep.');
    expect(refusal('{"a":{"b":{"c":{}}}}', small)).toBe('a.b.c nests objects or arrays more than 3 levels deep.');
  });

  it('ignores brackets, quotes and backslashes inside strings', () => {
    expect(refusal('["[[[[", "\\"{{{{"]', { ...small, maxStringLength: 10 })).toBeUndefined();
    expect(refusal('["\\\\", "[[["]', small)).toBeUndefined();
  });

  it('counts an escape as the one character it stands for', () => {
    expect(refusal('["\\u00f1\\u00f1\\u00f1\\u00f1\\u00f1"]', small)).toBeUndefined();
    expect(refusal('["\\n\\n\\n\\n\\n\\n"]', small)).toBe('body[0] is longer than 5 characters.');
  });

  it('names the field whose value or name is too long', () => {
    expect(refusal('{"items":[{"id":"abcdef"}]}', { ...small, maxDepth: 5 })).toBe('items[0].id is longer than 5 characters.');
    expect(refusal('{"abcdefgh":1}', small)).toBe('a field name in body is longer than 5 characters.');
  });

  it('bounds array elements and object fields', () => {
    expect(refusal('[1,2,3,4]', small)).toBeUndefined();
    expect(refusal('[1,2,3,4,5]', small)).toBe('body has more than 4 elements.');
    expect(refusal('{"items":[{},{},{},{},{}]}', small)).toBe('items has more than 4 elements.');
    expect(refusal('{"a":1,"b":2,"c":3}', small)).toBeUndefined();
    expect(refusal('{"a":1,"b":2,"c":3,"d":4}', small)).toBe('body has more than 3 fields.');
  });

  it('agrees with a recursive check on any JSON value, however it is spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom(undefined, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(refusal(text, small) !== undefined).toBe(exceedsLimits(value, small));
      }),
      { numRuns: 2000 },
    );
  });
});
