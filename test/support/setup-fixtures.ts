import type { TestApp } from './test-app';
import { inContext, issueApiKey, uniqueCode } from './factories';
import { CompanySetupService } from '../../src/services/company-setup/company-setup.service';

export const DEMO_CAI = '35BD6A-0195F4-B34BAA-8B7D13-37F5E8-0B';

/** A setup document for `admin apply`, rich enough for every pricing rule; override by spreading. */
export function pricingSetup(code = uniqueCode('P')) {
  return {
    company: { code, name: 'Comercial Acme S. de R.L.', rtn: '08019999123456', address: 'Col. Palmira, Tegucigalpa', phone: '+504 2222-0000', email: 'facturas@acme.hn', exchangeRate: 24.6512 },
    establishments: [
      { code: '000', name: 'Casa matriz', address: 'Col. Palmira', emissionPoints: [{ code: '001', caiRanges: [{ cai: DEMO_CAI, rangeStart: 1, rangeEnd: 5000, deadline: '2099-12-31' }] }] },
    ],
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    discountPolicies: [
      { code: 'PROMO10', percent: 10, active: true },
      { code: 'OLD', percent: 5, active: true, validFrom: '2020-01-01', validTo: '2020-12-31' },
      { code: 'OFF', percent: 5, active: false },
      { code: 'BAD', percent: 150, active: true },
    ],
    products: [
      { code: 'P-ARROZ', name: 'Arroz clasificado 5 lb', isvRate: 15 },
      { code: 'P-CERVEZA', name: 'Cerveza nacional 355 ml', isvRate: 18 },
      { code: 'P-LECHE', name: 'Leche entera 1 l', exempt: true },
      { code: 'P-COMBO', name: 'Canasta mixta', isvRate: 15, exemptPerUnit: 30 },
      { code: 'P-IMPORT', name: 'Aceite importado', isvRate: 15 },
      { code: 'P-RATE12', name: 'Producto con tasa inválida', isvRate: 12 },
      { code: 'P-NOPRICE', name: 'Producto sin precio', isvRate: 15 },
      { code: 'P-OLD', name: 'Promo vencida', isvRate: 15 },
      { code: 'P-OFF', name: 'Promo inactiva', isvRate: 15 },
      { code: 'P-BADPOL', name: 'Promo mal configurada', isvRate: 15 },
    ],
    priceLists: [
      {
        code: 'GENERAL',
        prices: [
          { product: 'P-ARROZ', price: 100 },
          { product: 'P-CERVEZA', price: 35.5, discountPolicy: 'PROMO10' },
          { product: 'P-LECHE', price: 28 },
          { product: 'P-COMBO', price: 250 },
          { product: 'P-IMPORT', price: 10, currency: 'USD' },
          { product: 'P-RATE12', price: 10 },
          { product: 'P-OLD', price: 10, discountPolicy: 'OLD' },
          { product: 'P-OFF', price: 10, discountPolicy: 'OFF' },
          { product: 'P-BADPOL', price: 10, discountPolicy: 'BAD' },
        ],
      },
    ],
    productMappings: [
      ['SKU-ARROZ', 'P-ARROZ'], ['SKU-CERVEZA', 'P-CERVEZA'], ['SKU-LECHE', 'P-LECHE'], ['SKU-COMBO', 'P-COMBO'],
      ['SKU-IMPORT', 'P-IMPORT'], ['SKU-RATE12', 'P-RATE12'], ['SKU-NOPRICE', 'P-NOPRICE'], ['SKU-OLD', 'P-OLD'],
      ['SKU-OFF', 'P-OFF'], ['SKU-BADPOL', 'P-BADPOL'], ['SKU-AMBIG', 'P-ARROZ'], ['SKU-AMBIG', 'P-CERVEZA'],
    ].map(([externalProductId, product]) => ({ externalProductId, product })),
    clients: [
      { code: 'CLI-ONG', clientName: 'Fundación Ejemplo', email: 'compras@fundacion.hn', legalId: '08019000000001', exoneration: { certificate: 'EXO-2026-0001', validUntil: '2099-06-30' } },
      { code: 'CLI-EXPIRED', clientName: 'Exoneración vencida', email: 'v@v.hn', legalId: '08019000000002', exoneration: { certificate: 'EXO-2019-0009', validUntil: '2020-01-01' } },
      { code: 'CLI-NORTN', clientName: 'Sin RTN', email: 's@s.hn', exoneration: { certificate: 'EXO-2026-0002', validUntil: '2099-06-30' } },
    ],
    integration: { enabled: true, emissionPoint: '000-001', creatorUser: 'integracion', priceList: 'GENERAL', paymentTerminal: 'CAJA1', exoneratedSales: false },
  };
}

export type SetupDocument = ReturnType<typeof pricingSetup>;

/** Applies a setup document through the operator's service, as `admin apply` does. */
export async function applySetup(t: TestApp, document: unknown): Promise<void> {
  await inContext(t.orm, () => t.container.get(CompanySetupService).apply(document));
}

/** Applies the document and issues a key: a company ready for the API. */
export async function setUpCompany<T extends { company: { code: string } }>(t: TestApp, document: T): Promise<{ auth: { Authorization: string }; code: string }> {
  await applySetup(t, document);
  const { auth } = await issueApiKey(t.orm, t.container, document.company.code);
  return { auth, code: document.company.code };
}
