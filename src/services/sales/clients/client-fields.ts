import * as yup from 'yup';
import { AppError } from '../../../domain/app-error';
import { isValidRtn, RTN_RULE } from '../../../domain/rtn';

/**
 * What a client's fields may hold, wherever a client is written: POST /v1/clients takes them all,
 * an operator's update any of them. One home for the limits, so that an update can never store
 * what the API's creation would refuse. Each rule is the field's value when given; the caller
 * says whether it is required (creation) or may be left out (an update). A message names the
 * field by its path (the API's field name) or by the label a caller gives it (a CLI option).
 */
export const CLIENT_FIELD_RULES = {
  clientName: () =>
    yup
      .string()
      .nonNullable()
      .max(255)
      .matches(/\S/, ({ path }: { path: string }) => `${path} must not be empty`),
  email: () =>
    yup
      .string()
      .nonNullable()
      .max(255)
      .email(({ path }: { path: string }) => `${path} must be a valid e-mail address`),
  /** The RTN's length; its format is checkRtn's, under its own code. */
  legalId: () => yup.string().nullable().max(32),
  phone: () => yup.string().nullable().max(32),
  address: () => yup.string().nullable().max(255),
};

/** A client's RTN: absent, or a real one (INVALID_RTN_FORMAT otherwise); `name` is how the caller calls the field. */
export function checkRtn(legalId: string | null | undefined, name = 'legalId'): void {
  if (legalId !== null && legalId !== undefined && !isValidRtn(legalId)) {
    throw new AppError('INVALID_RTN_FORMAT', `${name} (RTN) must be ${RTN_RULE}.`);
  }
}
