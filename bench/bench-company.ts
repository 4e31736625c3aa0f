import { RequestContext, type MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import { loadConfig } from '../config/config';
import { buildContainer, closeContainer } from '../src/container';
import { openDatabase } from '../src/db/database-bootstrap';
import type { Actor } from '../src/domain/actor';
import { createLogger } from '../src/logger';
import { createPdfRenderer } from '../src/pdf/create-pdf-renderer';
import { ApiKeyService } from '../src/services/access';
import { CompanySetupService, CompanyDirectory } from '../src/services/company';

export const BENCH_COMPANY = 'BENCH';
/** What the benchmark's setup is recorded under in the activity trail. */
export const BENCH_ACTOR: Actor = { kind: 'cli', osUser: 'bench' };

/** Five lines of different kinds: 15 %, 18 % with a discount policy, exempt, partly exempt, USD-priced. */
export const FIVE_LINE_CART = {
  items: [
    { externalProductId: 'SKU-ARROZ', quantity: 2 },
    { externalProductId: 'SKU-CERVEZA', quantity: 3 },
    { externalProductId: 'SKU-LECHE', quantity: 4 },
    { externalProductId: 'SKU-COMBO', quantity: 1 },
    { externalProductId: 'SKU-IMPORT', quantity: 2.5 },
  ],
};

/** A setup document for `admin apply` with room for every issue the bench makes. */
function setupDocument() {
  return {
    company: {
      code: BENCH_COMPANY,
      name: 'Comercial Banco de Pruebas S. de R.L.',
      rtn: '08019999123456',
      address: 'Col. Palmira, Tegucigalpa',
      phone: '+504 2222-0000',
      email: 'facturas@bench.hn',
      exchangeRate: 24.6512,
    },
    establishments: [
      {
        code: '000',
        name: 'Casa matriz',
        address: 'Col. Palmira',
        emissionPoints: [
          {
            code: '001',
            caiRanges: [{ cai: '35BD6A-0195F4-B34BAA-8B7D13-37F5E8-0B', rangeStart: 1, rangeEnd: 100000, deadline: '2099-12-31' }],
          },
        ],
      },
    ],
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
    products: [
      { code: 'P-ARROZ', name: 'Arroz clasificado 5 lb', isvRate: 15 },
      { code: 'P-CERVEZA', name: 'Cerveza nacional 355 ml', isvRate: 18 },
      { code: 'P-LECHE', name: 'Leche entera 1 l', exempt: true },
      { code: 'P-COMBO', name: 'Canasta mixta', isvRate: 15, exemptPerUnit: 30 },
      { code: 'P-IMPORT', name: 'Aceite importado', isvRate: 15 },
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
        ],
      },
    ],
    productMappings: ['ARROZ', 'CERVEZA', 'LECHE', 'COMBO', 'IMPORT'].map((p) => ({ externalProductId: `SKU-${p}`, product: `P-${p}` })),
    integration: {
      enabled: true,
      emissionPoint: '000-001',
      creatorUser: 'integracion',
      priceList: 'GENERAL',
      paymentTerminal: 'CAJA1',
      exoneratedSales: false,
    },
    // Sales to a client are e-mailed (to the service's MAIL_OUTBOX_DIR): the delivery figure compares them with sales to none.
    delivery: { email: true, from: 'Facturas Banco de Pruebas <facturas@bench.hn>' },
  };
}

/** Applies the setup through the operator's service (as `admin apply` does) and issues an API key. */
export async function setUpBenchCompany(orm: MikroORM, container: Container): Promise<{ Authorization: string }> {
  await RequestContext.create(orm.em, () => container.get(CompanySetupService).apply(BENCH_ACTOR, setupDocument()));
  const { key } = await RequestContext.create(orm.em, async () =>
    container.get(ApiKeyService).issue(BENCH_ACTOR, await container.get(CompanyDirectory).byCode(BENCH_COMPANY)),
  );
  return { Authorization: `Bearer ${key}` };
}

/** Migrates the bench database and sets up the bench company in this process; returns its auth header. */
export async function prepareBenchDatabase(url: string): Promise<{ Authorization: string }> {
  const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const logger = createLogger(config.logLevel);
  const orm = await openDatabase(config, logger);
  try {
    // Never started: setting up a company renders nothing.
    const renderer = createPdfRenderer({ ...config, sofficePath: '/nonexistent/soffice' });
    const container = buildContainer(config, logger, orm, renderer);
    try {
      return await setUpBenchCompany(orm, container);
    } finally {
      await closeContainer(container);
    }
  } finally {
    await orm.close(true);
  }
}
