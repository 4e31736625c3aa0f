import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../../domain/company-ref';
import * as setup from '../../../entities/company-setup';
import { TOKENS } from '../../../tokens';
import {
  type FileEntry,
  storedCaiRange,
  storedClient,
  storedCompany,
  storedDiscountPolicy,
  storedEmissionPoint,
  storedEstablishment,
  storedIntegration,
  storedMapping,
  storedNamed,
  storedPrice,
  storedPriceList,
  storedProduct,
} from './setup-stored';
import { deliveryBlockOf } from './setup-delivery';

/** Reads one section of a company's setup: its entries (a list) or its block (a mapping); undefined leaves the section out. */
type SectionReader = (em: EntityManager, company: setup.Company) => Promise<FileEntry[] | FileEntry | undefined>;

const live = { deletedAt: null } as const;
const byCode = { orderBy: { code: 'asc' as const } };

/**
 * The sections of the setup file, in the file's order, each read from the database. A new block
 * of the file (its reader) is one entry here; `stored*` says how one row is written.
 */
const SECTIONS: [string, SectionReader][] = [
  ['company', async (_em, company) => storedCompany(company)],
  ['establishments', readNumbering],
  ['users', async (em, company) => (await em.find(setup.OperatorUser, { company, ...live }, byCode)).map(storedNamed)],
  ['paymentTerminals', async (em, company) => (await em.find(setup.PaymentTerminal, { company, ...live }, byCode)).map(storedNamed)],
  [
    'discountPolicies',
    async (em, company) => (await em.find(setup.DiscountPolicy, { company, ...live }, byCode)).map(storedDiscountPolicy),
  ],
  ['products', async (em, company) => (await em.find(setup.Product, { company, ...live }, byCode)).map(storedProduct)],
  ['priceLists', readPriceLists],
  [
    'productMappings',
    async (em, company) =>
      (
        await em.find(
          setup.ProductMapping,
          { company, ...live, product: live },
          { populate: ['product'], orderBy: { product: { code: 'asc' }, externalProductId: 'asc' } },
        )
      ).map(storedMapping),
  ],
  ['clients', async (em, company) => (await em.find(setup.Client, { company, ...live }, byCode)).map(storedClient)],
  [
    'integration',
    async (em, company) => {
      const row = await em.findOne(
        setup.IntegrationSettings,
        { company },
        { populate: ['emissionPoint.establishment', 'creatorUser', 'priceList', 'paymentTerminal'] },
      );
      return row ? storedIntegration(row) : undefined;
    },
  ],
  ['delivery', async (_em, company) => deliveryBlockOf(company) as FileEntry | undefined],
];

/** Live establishments, their live emission points and those points' live CAI ranges. */
async function readNumbering(em: EntityManager, company: setup.Company): Promise<FileEntry[]> {
  const establishments = await em.find(setup.Establishment, { company, ...live }, byCode);
  const points = await em.find(setup.EmissionPoint, { establishment: { $in: establishments }, ...live }, byCode);
  const ranges = await em.find(setup.CaiRange, { emissionPoint: { $in: points }, ...live }, { orderBy: { id: 'asc' } });
  return establishments.map((establishment) => {
    const entries = points
      .filter((p) => p.establishment.id === establishment.id)
      .map((point) => {
        const caiRanges = ranges.filter((r) => r.emissionPoint.id === point.id).map(storedCaiRange);
        return { ...storedEmissionPoint(point), ...(caiRanges.length > 0 ? { caiRanges } : {}) };
      });
    return { ...storedEstablishment(establishment), ...(entries.length > 0 ? { emissionPoints: entries } : {}) };
  });
}

/** Live price lists with the live prices of live products. */
async function readPriceLists(em: EntityManager, company: setup.Company): Promise<FileEntry[]> {
  const lists = await em.find(setup.PriceList, { company, ...live }, byCode);
  const prices = await em.find(
    setup.ProductPrice,
    { priceList: { $in: lists }, ...live, product: live },
    { populate: ['product', 'discountPolicy'], orderBy: { product: { code: 'asc' } } },
  );
  return lists.map((list) => {
    const entries = prices.filter((p) => p.priceList.id === list.id).map(storedPrice);
    return { ...storedPriceList(list), ...(entries.length > 0 ? { prices: entries } : {}) };
  });
}

/**
 * `admin export`: a company's current setup as a setup document, which `apply` takes back
 * unchanged (applying it changes nothing). Soft-deleted entries are left out; an empty section
 * is left out too.
 */
@injectable()
export class SetupExport {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** The whole setup, or only the named sections (the catalog spreadsheet reads three). */
  async document(ref: CompanyRef, only?: readonly string[]): Promise<Record<string, unknown>> {
    const em = this.em.fork();
    const company = await em.findOneOrFail(setup.Company, { id: ref.id });
    const document: Record<string, unknown> = {};
    for (const [name, read] of SECTIONS) {
      if (only && !only.includes(name)) continue;
      const section = await read(em, company);
      if (section !== undefined && !(Array.isArray(section) && section.length === 0)) document[name] = section;
    }
    return document;
  }
}
