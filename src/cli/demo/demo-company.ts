import { addYears } from '../../domain/calendar-date';
import type { PriceSpec, ProductSpec, SetupDocument } from '../../services/company';

/** The demo company's code; `demo` always creates or refreshes this one company. */
export const DEMO_COMPANY_CODE = 'DEMO';

/** A catalog product and its GENERAL price, in the setup document's own field names. */
interface DemoProduct {
  product: ProductSpec;
  price: Omit<PriceSpec, 'product'>;
}

/** One product per tax case the totals engine knows (15 %, 18 %, exempt, partly taxable, USD-priced). */
const CATALOG: DemoProduct[] = [
  { product: { code: 'P-CAFE', name: 'Café molido de altura 400 g', isvRate: 15 }, price: { price: 89.5 } },
  { product: { code: 'P-ACEITE', name: 'Aceite vegetal 1 l', isvRate: 15 }, price: { price: 72 } },
  { product: { code: 'P-CERVEZA', name: 'Cerveza nacional 355 ml', isvRate: 18 }, price: { price: 32, discountPolicy: 'PROMO10' } },
  { product: { code: 'P-RON', name: 'Ron añejo 750 ml', isvRate: 18 }, price: { price: 385 } },
  { product: { code: 'P-LECHE', name: 'Leche entera 1 l', exempt: true }, price: { price: 31.5 } },
  { product: { code: 'P-FRIJOL', name: 'Frijoles rojos 2 lb', exempt: true }, price: { price: 46 } },
  // Basic-basket goods inside a taxed gift basket: that part of each unit is exempt.
  { product: { code: 'P-CANASTA', name: 'Canasta navideña surtida', isvRate: 15, exemptPerUnit: 120 }, price: { price: 850 } },
  { product: { code: 'P-LAPTOP', name: 'Laptop 14" importada', isvRate: 15 }, price: { price: 549, currency: 'USD' } },
];

/** The caller's own product id for a demo product: SKU-CAFE for P-CAFE. */
export function demoSku(productCode: string): string {
  return `SKU-${productCode.replace(/^P-/, '')}`;
}

/**
 * The demo company as a setup document (decision 30): a grocery and general store in
 * Tegucigalpa, with CAI ranges for invoices, credit notes and debit notes. Every date is computed
 * from `today` (Honduras, YYYY-MM-DD) so that a demo applied on any day has CAI ranges, a discount
 * and an exoneration that are still valid for a year.
 */
export function demoSetupDocument(today: string): SetupDocument {
  const inAYear = addYears(today, 1);
  return {
    company: {
      code: DEMO_COMPANY_CODE,
      name: 'Comercial Los Pinos S. de R.L. de C.V.',
      tradeName: 'Súper Los Pinos',
      rtn: '08019017654321',
      address: 'Bulevar Morazán, Col. Palmira, Tegucigalpa, M.D.C., Francisco Morazán',
      phone: '+504 2232-4455',
      email: 'facturacion@lospinos.hn',
      exchangeRate: 24.6512,
    },
    establishments: [
      {
        code: '000',
        name: 'Casa matriz',
        address: 'Bulevar Morazán, Col. Palmira, Tegucigalpa',
        emissionPoints: [
          {
            code: '001',
            // One range per document type, so the demo can also credit and debit its sales (`admin note`).
            caiRanges: [
              { cai: '8F3D2A-71C94B-E05A6D-3B9F10-C2E847-5D', rangeStart: 1, rangeEnd: 50000, deadline: inAYear },
              {
                cai: '2C7E91-A4B03D-5F6182-E9D4C7-0B3A5E-71',
                rangeStart: 1,
                rangeEnd: 5000,
                deadline: inAYear,
                documentType: 'creditNote',
              },
              { cai: '6D0B4F-93E2A1-C8F570-1A3B6D-E4F092-8C', rangeStart: 1, rangeEnd: 2000, deadline: inAYear, documentType: 'debitNote' },
            ],
          },
        ],
      },
    ],
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    discountPolicies: [{ code: 'PROMO10', percent: 10, active: true, validFrom: `${today.slice(0, 4)}-01-01`, validTo: inAYear }],
    products: CATALOG.map(({ product }) => product),
    priceLists: [
      {
        code: 'GENERAL',
        prices: CATALOG.map(({ product, price }) => ({ product: product.code, ...price })),
      },
    ],
    productMappings: CATALOG.map(({ product }) => ({ externalProductId: demoSku(product.code), product: product.code })),
    clients: [
      {
        code: 'CLI-ONG',
        clientName: 'Fundación Esperanza de Honduras',
        email: 'compras@esperanza.org.hn',
        legalId: '08019005123457',
        phone: '+504 2239-8800',
        address: 'Col. Lomas del Guijarro, Tegucigalpa',
        exoneration: { certificate: 'EXO-SEFIN-2026-000123', validUntil: inAYear },
      },
      { code: 'CLI-HOTEL', clientName: 'Hotel Plaza Morazán S.A.', email: 'contabilidad@plazamorazan.hn', legalId: '08019010987654' },
    ],
    integration: {
      enabled: true,
      emissionPoint: '000-001',
      creatorUser: 'integracion',
      priceList: 'GENERAL',
      paymentTerminal: 'CAJA1',
      exoneratedSales: false,
    },
    // Every document issued for a client is e-mailed to it (to MAIL_OUTBOX_DIR's .eml files unless SMTP_URL is set).
    delivery: { email: true, from: 'Facturación Los Pinos <facturacion@lospinos.hn>', replyTo: 'contabilidad@lospinos.hn' },
  };
}
