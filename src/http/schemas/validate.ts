import * as yup from 'yup';
import { closedObject } from '../../validation/closed-object';

/**
 * Validates without coercion (a string "5" is not a number) and with every problem in the
 * message; a yup ValidationError becomes 400 VALIDATION_FAILED in the error mapper.
 */
export function validate<S extends yup.AnySchema>(schema: S, value: unknown): yup.InferType<S> {
  return schema.validateSync(value, { strict: true, abortEarly: false });
}

const named = (path: string) => (path === 'this' || !path ? 'body' : path);

/** Objects refuse fields they do not declare, at any depth where this is used. */
export function strictObject<T extends yup.ObjectShape>(shape: T) {
  return closedObject(shape, {
    notAnObject: (path) => `${named(path)} must be a JSON object`,
    unknownKeys: (path, unknown) => `${named(path)} has unknown field(s): ${unknown.join(', ')}`,
  });
}
