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

/**
 * Setup-document factories: the smallest valid piece with overrides, so a test writes down the
 * data its expectations come from (a price of 100 at ISV 15% is why it expects 115.00) instead of
 * borrowing a shared fixture. Build a company with `sellingCompany({ products: [...] })` and
 * apply it with `setUpCompany` of setup-fixtures.
 */
export interface ProductData {
  code: string;
  name: string;
  isvRate?: number;
  exempt?: boolean;
  exemptPerUnit?: number;
  /** Price in the company's one price list (HNL). */
  price: number;
  /** The id client applications send for it; defaults to `SKU-<code>`. */
  externalProductId?: string;
}

export function productData(overrides: Partial<ProductData> = {}): ProductData {
  return { code: 'P-1', name: 'Producto de prueba', isvRate: 15, price: 100, ...overrides };
}

/** A company that can sell the given products: one establishment, emission point, CAI range, user, terminal and price list. */
export function sellingCompany({
  code = uniqueCode('F'),
  products = [productData()],
  caiRange = {},
  company = {},
}: {
  code?: string;
  products?: ProductData[];
  caiRange?: Partial<{ cai: string; rangeStart: number; rangeEnd: number; deadline: string }>;
  company?: Record<string, unknown>;
} = {}) {
  return {
    company: { code, name: 'Comercial de Prueba S. de R.L.', rtn: '08019999123456', address: 'Tegucigalpa', ...company },
    establishments: [
      {
        code: '000',
        emissionPoints: [{ code: '001', caiRanges: [{ cai: '35BD6A-0195F4-B34BAA-8B7D13-37F5E8-0B', rangeStart: 1, rangeEnd: 1000, deadline: '2099-12-31', ...caiRange }] }],
      },
    ],
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    products: products.map(({ code: productCode, name, isvRate, exempt, exemptPerUnit }) => ({ code: productCode, name, isvRate, exempt, exemptPerUnit })),
    priceLists: [{ code: 'GENERAL', prices: products.map((p) => ({ product: p.code, price: p.price })) }],
    productMappings: products.map((p) => ({ externalProductId: p.externalProductId ?? `SKU-${p.code}`, product: p.code })),
    integration: { enabled: true, emissionPoint: '000-001', creatorUser: 'integracion', priceList: 'GENERAL', paymentTerminal: 'CAJA1' },
  };
}
