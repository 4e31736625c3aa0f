import Big from 'big.js';
import type { AppConfig } from '../../config/config';
import { CatalogLineResolver } from '../../src/services/sales/pricing/catalog-lines';
import { integrationConfigOf } from '../../src/services/sales/pricing/integration-config';
import type { InvoiceRequestItem } from '../../src/services/sales/pricing/invoice-request';
import {
  Catalog,
  CatalogPrice,
  CatalogProduct,
  CompanyEntryRow,
  CompanyProfile,
  DiscountPolicyRow,
  IntegrationDefaults,
} from '../../src/services/sales/pricing/pricing-snapshot';
import { refusalOf } from '../support/expect-error';

const GONE = new Date('2026-01-01T00:00:00Z');
const entry = (id: number, deletedAt: Date | null = null): CompanyEntryRow => ({ id, code: `E${id}`, deletedAt });
const establishment = { id: 1, code: '000', name: 'Casa matriz', address: 'Tegucigalpa', deletedAt: null };

function defaults(change: Partial<IntegrationDefaults> = {}): IntegrationDefaults {
  return {
    company: { id: 9, code: 'ACME' } as CompanyProfile,
    exoneratedSales: false,
    emissionPoint: { id: 2, code: '001', deletedAt: null, establishment },
    creatorUser: entry(3),
    priceList: entry(4),
    paymentTerminal: entry(5),
    ...change,
  };
}

describe('the integration defaults a sale is priced and issued with', () => {
  it('gives an issue every default, the establishment its emission point belongs to', () => {
    const config = integrationConfigOf(defaults({ exoneratedSales: true }), 'issue');
    expect(config).toEqual({
      company: { id: 9, code: 'ACME' },
      exoneratedSales: true,
      establishment,
      emissionPoint: { id: 2, code: '001', deletedAt: null, establishment },
      creatorUser: entry(3),
      priceList: entry(4),
      paymentTerminal: entry(5),
    });
  });

  it('lets a preview go without a payment terminal, even a deleted one, and gives it none', () => {
    expect(integrationConfigOf(defaults({ paymentTerminal: null }), 'preview').paymentTerminal).toBeNull();
    expect(integrationConfigOf(defaults({ paymentTerminal: entry(5, GONE) }), 'preview').paymentTerminal).toBeNull();
    expect(integrationConfigOf(defaults(), 'preview').paymentTerminal).toBeNull();
  });

  it.each<[string, Partial<IntegrationDefaults>, string]>([
    ['no emission point', { emissionPoint: null }, 'INTEGRATION_MISSING_EMISSION_POINT'],
    [
      'a deleted emission point',
      { emissionPoint: { id: 2, code: '001', deletedAt: GONE, establishment } },
      'INTEGRATION_EMISSION_POINT_NOT_FOUND',
    ],
    [
      'an emission point of a deleted establishment',
      { emissionPoint: { id: 2, code: '001', deletedAt: null, establishment: { ...establishment, deletedAt: GONE } } },
      'INTEGRATION_EMISSION_POINT_NOT_FOUND',
    ],
    ['no creator user', { creatorUser: null }, 'INTEGRATION_MISSING_CREATOR_USER'],
    ['a deleted creator user', { creatorUser: entry(3, GONE) }, 'INTEGRATION_MISSING_CREATOR_USER'],
    ['no price list', { priceList: null }, 'INTEGRATION_MISSING_PRICE_TYPE'],
    ['a deleted price list', { priceList: entry(4, GONE) }, 'INTEGRATION_MISSING_PRICE_TYPE'],
    ['no payment terminal', { paymentTerminal: null }, 'INTEGRATION_MISSING_PAYMENT_TERMINAL'],
    ['a deleted payment terminal', { paymentTerminal: entry(5, GONE) }, 'INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND'],
  ])('refuses to issue with %s', (_what, change, code) => {
    expect(refusalOf(() => integrationConfigOf(defaults(change), 'issue')).code).toBe(code);
  });

  it('names the first missing default in the order emission point, creator user, price list', () => {
    const none = { emissionPoint: null, creatorUser: null, priceList: null, paymentTerminal: null };
    expect(refusalOf(() => integrationConfigOf(defaults(none), 'issue')).code).toBe('INTEGRATION_MISSING_EMISSION_POINT');
    expect(refusalOf(() => integrationConfigOf(defaults({ ...none, emissionPoint: defaults().emissionPoint }), 'preview')).code).toBe(
      'INTEGRATION_MISSING_CREATOR_USER',
    );
  });
});

const resolver = new CatalogLineResolver({ allowedIsvRates: ['0', '15', '18'] } as AppConfig);
const DAY = '2026-03-15';

const product = (change: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id: 1,
  code: 'P-1',
  name: 'Café',
  isvRate: '15.00',
  exempt: false,
  exemptPerUnit: null,
  ...change,
});
const policy = (change: Partial<DiscountPolicyRow> = {}): DiscountPolicyRow => ({
  id: 1,
  code: 'D-10',
  percent: '10.00',
  active: true,
  validFrom: null,
  validTo: null,
  deletedAt: null,
  ...change,
});
const item = (externalProductId = 'ext-1', price: Big | null = null): InvoiceRequestItem => ({
  externalProductId,
  quantity: new Big(2),
  price,
});

function catalog(products: Record<string, CatalogProduct[]>, prices: CatalogPrice[] = []): Catalog {
  return new Catalog(new Map(Object.entries(products)), new Map(prices.map((p, i) => [i + 1, p])));
}
const listPrice = (change: Partial<CatalogPrice> = {}): CatalogPrice => ({
  price: '100.00',
  currency: 'HNL',
  discountPolicy: null,
  ...change,
});

describe('a sale line against the catalog', () => {
  it('joins a line with its product and price-list entry, the percent of an available discount policy included', () => {
    const price = listPrice({ discountPolicy: policy({ validFrom: DAY, validTo: DAY }) });
    const [line] = resolver.resolve(catalog({ 'ext-1': [product()] }, [price]), [item()], DAY);
    expect(line.price).toBe(price);
    expect(line.totalsInput).toEqual({
      quantity: new Big(2),
      suppliedPrice: null,
      catalogPrice: { amount: new Big('100.00'), currency: 'HNL' },
      discountPercent: new Big('10.00'),
      product: { exempt: false, isvRate: new Big('15.00'), exemptPerUnit: null },
    });
  });

  it('prices a supplied price without a price-list entry, and an exempt product whatever its rate', () => {
    const [line] = resolver.resolve(catalog({ 'ext-1': [product({ exempt: true, isvRate: null })] }), [item('ext-1', new Big(50))], DAY);
    expect(line.totalsInput).toMatchObject({ suppliedPrice: new Big(50), catalogPrice: null, discountPercent: null });
    expect(line.totalsInput.product).toEqual({ exempt: true, isvRate: null, exemptPerUnit: null });
  });

  it('matches the external id exactly', () => {
    expect(refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product()] }), [item('EXT-1', new Big(1))], DAY))).toEqual({
      code: 'PRODUCT_NOT_FOUND',
      message: 'items[0].externalProductId "EXT-1" is not mapped to a product.',
    });
  });

  it('refuses an id mapped to two products', () => {
    expect(refusalOf(() => resolver.resolve(catalog({ x: [product(), product({ id: 2 })] }), [item('x', new Big(1))], DAY))).toEqual({
      code: 'ITEM_AMBIGUOUS_PRODUCT_REFERENCE',
      message: 'items[0].externalProductId "x" is mapped to more than one product.',
    });
  });

  it('checks every line’s product before any line’s rate or price', () => {
    const lines = [item('ext-1'), item('missing', new Big(1))];
    expect(refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product()] }), lines, DAY)).code).toBe('PRODUCT_NOT_FOUND');
  });

  it('refuses a taxed product whose rate is none or not configured', () => {
    expect(
      refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product({ isvRate: '12.00' })] }), [item('ext-1', new Big(1))], DAY)),
    ).toEqual({
      code: 'INVALID_TAX_RATE',
      message: 'Product P-1 has ISV rate 12.00, which is not an allowed rate.',
    });
    expect(refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product({ isvRate: null })] }), [item('ext-1', new Big(1))], DAY))).toEqual(
      {
        code: 'INVALID_TAX_RATE',
        message: 'Product P-1 has ISV rate none, which is not an allowed rate.',
      },
    );
  });

  it('refuses a line with no price given and none in the price list', () => {
    expect(refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product()] }), [item()], DAY))).toEqual({
      code: 'PRICE_NOT_FOUND',
      message: 'Product P-1 (items[0]) has no price in the configured price list.',
    });
  });

  it.each<[string, Partial<DiscountPolicyRow>, string]>([
    ['deleted', { deletedAt: new Date() }, 'DISCOUNT_POLICY_NOT_FOUND'],
    ['below 0 %', { percent: '-0.01' }, 'INVALID_DISCOUNT_POLICY'],
    ['above 100 %', { percent: '100.01' }, 'INVALID_DISCOUNT_POLICY'],
    ['inactive', { active: false }, 'DISCOUNT_POLICY_UNAVAILABLE'],
    ['not yet valid', { validFrom: '2026-03-16' }, 'DISCOUNT_POLICY_UNAVAILABLE'],
    ['no longer valid', { validTo: '2026-03-14' }, 'DISCOUNT_POLICY_UNAVAILABLE'],
  ])('refuses a discount policy %s on the invoice day', (_what, change, code) => {
    const price = listPrice({ discountPolicy: policy(change) });
    expect(refusalOf(() => resolver.resolve(catalog({ 'ext-1': [product()] }, [price]), [item()], DAY)).code).toBe(code);
  });

  it('takes a discount policy of 0 % and of 100 %', () => {
    for (const percent of ['0.00', '100.00']) {
      const price = listPrice({ discountPolicy: policy({ percent }) });
      expect(resolver.resolve(catalog({ 'ext-1': [product()] }, [price]), [item()], DAY)[0].totalsInput.discountPercent).toEqual(
        new Big(percent),
      );
    }
  });
});
