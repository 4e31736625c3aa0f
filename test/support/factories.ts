import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import { MikroORM, RequestContext } from '@mikro-orm/mysql';
import { Company, IntegrationSettings } from '../../src/entities';
import { ApiKeyService } from '../../src/services/api-key.service';

export interface SeededCompany {
  company: Company;
  apiKey: string;
  auth: { Authorization: string };
}

/** A unique company code per call, so tests sharing a database never collide. */
export function uniqueCode(prefix = 'T'): string {
  return `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A company with its integration settings and one API key; override what the test is about.
 * Writes through a forked EntityManager, as the CLI does.
 */
export async function seedCompany(
  orm: MikroORM,
  container: Container,
  overrides: { company?: Partial<Company>; integrationEnabled?: boolean } = {},
): Promise<SeededCompany> {
  const em = orm.em.fork();
  const company = em.create(Company, {
    code: uniqueCode(),
    name: 'Comercial de Prueba S. de R.L.',
    rtn: '08019999123456',
    ...overrides.company,
  });
  em.create(IntegrationSettings, { company, enabled: overrides.integrationEnabled ?? true });
  await em.flush();
  return { company, ...(await issueApiKey(orm, container, company.code)) };
}

/** A new API key of the company, issued as `admin apikey issue` does, and the header that sends it. */
export async function issueApiKey(orm: MikroORM, container: Container, companyCode: string): Promise<{ apiKey: string; auth: { Authorization: string } }> {
  const { key } = await inContext(orm, () => container.get(ApiKeyService).issue(companyCode));
  return { apiKey: key, auth: { Authorization: `Bearer ${key}` } };
}

/** Runs service code outside HTTP in its own unit of work, as the operator CLI does. */
export function inContext<T>(orm: MikroORM, fn: () => Promise<T>): Promise<T> {
  return RequestContext.create(orm.em, fn);
}
