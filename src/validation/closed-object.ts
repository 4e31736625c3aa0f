import * as yup from 'yup';

export interface ClosedObjectWording {
  /** The refusal of a value that is not an object at all. */
  notAnObject: (path: string) => string;
  /**
   * The refusal of undeclared keys: one message for them all (`path` is the object's), or, with
   * `perKey`, one message per key reported at that key's own path.
   */
  unknownKeys: (path: string, unknown: string[], known: string[]) => string;
  perKey?: boolean;
}

/**
 * A yup object that refuses keys its shape does not declare. Both edges that read documents use
 * it: the API's request bodies and the operator's setup file; only their wording differs.
 */
export function closedObject<T extends yup.ObjectShape>(shape: T, wording: ClosedObjectWording) {
  const known = Object.keys(shape);
  return yup
    .object(shape)
    .typeError(({ path }: { path?: string }) => wording.notAnObject(path ?? ''))
    .test('known-keys', function check(value: unknown) {
      if (value === null || typeof value !== 'object') return true;
      const unknown = Object.keys(value).filter((key) => !known.includes(key));
      if (unknown.length === 0) return true;
      const path = this.path ?? '';
      if (!wording.perKey) return this.createError({ message: wording.unknownKeys(path, unknown, known) });
      return new yup.ValidationError(
        unknown.map((key) => this.createError({ path: path ? `${path}.${key}` : key, message: wording.unknownKeys(path, [key], known) })),
      );
    });
}
