import { AppError } from '../../domain/app-error';
import { readPageNumber } from '../../domain/page-number';
import { checkRtn, CLIENT_FIELD_RULES as rules, type NewClient } from '../../services/sales';
import { strictObject, validate } from './validate';

const clientCreateSchema = strictObject({
  clientName: rules.clientName().defined(),
  email: rules.email().defined(),
  legalId: rules.legalId().optional(),
  phone: rules.phone().optional(),
  address: rules.address().optional(),
});

/** The body of POST /v1/clients; null for an optional field means "not given" (decision 7). */
export function parseClientCreate(body: unknown): NewClient {
  const input = validate(clientCreateSchema.required('body is required'), body);
  const legalId = input.legalId ?? null;
  checkRtn(legalId);
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
