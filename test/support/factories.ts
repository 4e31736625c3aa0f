import { createHash, randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import { MikroORM, RequestContext } from '@mikro-orm/mysql';
import type { Currency } from '../../src/entities/product-price.entity';
import type {
  CaiRangeSpec,
  ClientSpec,
  CompanySpec,
  DiscountPolicySpec,
  EmissionPointEntry,
  EstablishmentSpec,
  IntegrationSpec,
  ProductMappingSpec,
  SetupDocument,
} from '../../src/services/company/setup/setup-document';
import type { Actor } from '../../src/domain/actor';
import { ApiKeyService } from '../../src/services/access';
import { CompanyDirectory } from '../../src/services/company';

/** A unique company code per call, so tests sharing a database never collide. */
export function uniqueCode(prefix = 'T'): string {
  return `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** A new API key of the company, issued as `admin apikey issue` does, and the header that sends it. */
export async function issueApiKey(
  orm: MikroORM,
  container: Container,
  companyCode: string,
): Promise<{ apiKey: string; auth: { Authorization: string } }> {
  const { key } = await inContext(orm, async () =>
    container.get(ApiKeyService).issue(TEST_ACTOR, await container.get(CompanyDirectory).byCode(companyCode)),
  );
  return { apiKey: key, auth: { Authorization: `Bearer ${key}` } };
}

/** Who tests that call services directly are recorded as in the activity trail. */
export const TEST_ACTOR: Actor = { kind: 'cli', osUser: 'test' };

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
  /** Price in the company's one price list; `undefined` leaves the product unpriced. */
  price?: number;
  /** Currency of the price; HNL when absent. */
  currency?: Currency;
  discountPolicy?: string;
  /** The id client applications send for it; defaults to `SKU-<code>`. */
  externalProductId?: string;
}

/** A product at 100.00 taxed at 15 %; an exempt one (`exempt: true`) has no rate unless given. */
export function productData(overrides: Partial<ProductData> = {}): ProductData {
  return { code: 'P-1', name: 'Producto de prueba', ...(overrides.exempt ? {} : { isvRate: 15 }), price: 100, ...overrides };
}

/** A client with an RTN; give `exoneration` to make it an exonerated buyer. */
export function clientData(overrides: Partial<ClientSpec> = {}): ClientSpec {
  return { code: 'CLI-1', clientName: 'Cliente de prueba', email: 'compras@cliente.hn', legalId: '08019000000001', ...overrides };
}

/** The CAI of the default range, in the printed shape. */
export const DEMO_CAI = '35BD6A-0195F4-B34BAA-8B7D13-37F5E8-0B';

/**
 * A CAI in the printed shape that is this company's alone: SAR grants a CAI to one taxpayer, and
 * a setup naming a CAI that another company of the database holds is refused. `salt` tells apart
 * several CAIs of one company.
 */
export function companyCai(companyCode: string, salt = ''): string {
  const hex = createHash('sha256').update(`${companyCode}/${salt}`).digest('hex').toUpperCase();
  return [0, 6, 12, 18, 24].map((at) => hex.slice(at, at + 6)).join('-') + `-${hex.slice(30, 32)}`;
}

/** Numbers 1 to 1000 of DEMO_CAI, far from their deadline. */
export function caiRangeData(overrides: Partial<CaiRangeSpec> = {}): CaiRangeSpec {
  return { cai: DEMO_CAI, rangeStart: 1, rangeEnd: 1000, deadline: '2099-12-31', ...overrides };
}

export interface SellingCompanyData {
  code?: string;
  company?: Partial<CompanySpec>;
  products?: ProductData[];
  /** Ids mapped beyond each product's own, e.g. one id mapped to two products. */
  extraMappings?: ProductMappingSpec[];
  discountPolicies?: DiscountPolicySpec[];
  clients?: ClientSpec[];
  /** Name and address of the one establishment, 000. */
  establishment?: Pick<EstablishmentSpec, 'name' | 'address'>;
  /** Overrides of the one CAI range of the default emission point 000-001, whose CAI is companyCai(code) unless given. */
  caiRange?: Partial<CaiRangeSpec>;
  /** The emission points of establishment 000, replacing the default 001 with one range. */
  emissionPoints?: EmissionPointEntry[];
  /** Overrides of the integration defaults (enabled, selling from 000-001 at price list GENERAL). */
  integration?: IntegrationSpec;
}

/** A company that can sell the given products: one establishment, emission point, CAI range, user, terminal and price list. */
export function sellingCompany({
  code = uniqueCode('F'),
  company = {},
  products = [productData()],
  extraMappings = [],
  discountPolicies = [],
  clients = [],
  establishment = {},
  caiRange = {},
  emissionPoints = [{ code: '001', caiRanges: [caiRangeData({ cai: companyCai(code), ...caiRange })] }],
  integration = {},
}: SellingCompanyData = {}): SetupDocument {
  return {
    company: { code, name: 'Comercial de Prueba S. de R.L.', rtn: '08019999123456', address: 'Tegucigalpa', ...company },
    establishments: [{ code: '000', ...establishment, emissionPoints }],
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    discountPolicies,
    products: products.map(({ code: productCode, name, isvRate, exempt, exemptPerUnit }) => ({
      code: productCode,
      name,
      isvRate,
      exempt,
      exemptPerUnit,
    })),
    priceLists: [
      {
        code: 'GENERAL',
        prices: products.flatMap(({ code: product, price, currency, discountPolicy }) =>
          price === undefined ? [] : [{ product, price, currency, discountPolicy }],
        ),
      },
    ],
    productMappings: [
      ...products.map((p) => ({ externalProductId: p.externalProductId ?? `SKU-${p.code}`, product: p.code })),
      ...extraMappings,
    ],
    clients,
    integration: {
      enabled: true,
      emissionPoint: '000-001',
      creatorUser: 'integracion',
      priceList: 'GENERAL',
      paymentTerminal: 'CAJA1',
      ...integration,
    },
  };
}
