import * as yup from 'yup';

/**
 * Validates without coercion (a string "5" is not a number) and with every problem in the
 * message; a yup ValidationError becomes 400 VALIDATION_FAILED in the error mapper.
 */
export function validate<S extends yup.AnySchema>(schema: S, value: unknown): yup.InferType<S> {
  return schema.validateSync(value, { strict: true, abortEarly: false });
}

/** Objects refuse fields they do not declare, at any depth where this is used. */
export function strictObject<T extends yup.ObjectShape>(shape: T) {
  return yup
    .object(shape)
    .noUnknown(true, ({ path, unknown }: { path: string; unknown: string }) => `${path === 'this' || !path ? 'body' : path} has unknown field(s): ${unknown}`)
    .typeError(({ path }: { path: string }) => `${path === 'this' || !path ? 'body' : path} must be a JSON object`);
}
