import * as yup from 'yup';
import { AppError } from '../../domain/app-error';
import { readPageNumber } from '../../domain/page-number';
import { isValidRtn, RTN_RULE } from '../../domain/rtn';
import type { NewClient } from '../../services/sales';
import { strictObject, validate } from './validate';

const optionalText = (max: number) => yup.string().nullable().optional().max(max);

const clientCreateSchema = strictObject({
  clientName: yup.string().defined().nonNullable().max(255).matches(/\S/, 'clientName must not be empty'),
  email: yup.string().defined().nonNullable().max(255).email('email must be a valid e-mail address'),
  legalId: optionalText(32),
  phone: optionalText(32),
  address: optionalText(255),
});

/** The body of POST /v1/clients; null for an optional field means "not given" (decision 7). */
export function parseClientCreate(body: unknown): NewClient {
  const input = validate(clientCreateSchema.required('body is required'), body);
  const legalId = input.legalId ?? null;
  if (legalId !== null && !isValidRtn(legalId)) {
    throw new AppError('INVALID_RTN_FORMAT', `legalId (RTN) must be ${RTN_RULE}.`);
  }
  return { clientName: input.clientName, email: input.email, legalId, phone: input.phone ?? null, address: input.address ?? null };
}

const MAX_PAGE_PARAM = 2_147_483_647;

function pageParam(name: string, raw: string | string[] | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const read = Array.isArray(raw) ? null : readPageNumber(raw, MAX_PAGE_PARAM);
  if (read === null || 'refused' in read) {
    throw new AppError('VALIDATION_FAILED', `${name} must be an integer from 1 to ${MAX_PAGE_PARAM}.`);
  }
  return read.page;
}

/** page and limit are each validated when present, and paginate only when both are sent. */
export function parseClientListQuery(query: Record<string, string | string[] | undefined>): { page: number; limit: number } | undefined {
  const page = pageParam('page', query.page);
  const limit = pageParam('limit', query.limit);
  return page !== undefined && limit !== undefined ? { page, limit } : undefined;
}
