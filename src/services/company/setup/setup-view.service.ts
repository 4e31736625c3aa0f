import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../../domain/company-ref';
import {
  Company,
  EmissionPoint,
  Establishment,
  IntegrationSettings,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  Product,
  ProductMapping,
  ProductPrice,
} from '../../../entities';
import { TOKENS } from '../../../tokens';
import { pointKey } from './setup-state';

/** A code and a name, as the forms offer them. */
export interface NamedView {
  code: string;
  name: string | null;
}

export interface EstablishmentView extends NamedView {
  address: string | null;
  emissionPoints: NamedView[];
}

/** The integration's defaults by the codes the setup file names them with; null where unset. */
export interface IntegrationView {
  enabled: boolean;
  exoneratedSales: boolean;
  /** `EEE-PPP`. */
  emissionPoint: string | null;
  creatorUser: string | null;
  priceList: string | null;
  paymentTerminal: string | null;
}

/** The company's live numbering and integration entries, as the setup file names them. */
export interface SetupOverview {
  /** The company's fields `apply` requires when it cannot tell an update from a creation. */
  company: { code: string; name: string; rtn: string };
  integration: IntegrationView;
  establishments: EstablishmentView[];
  users: NamedView[];
  paymentTerminals: NamedView[];
  priceLists: NamedView[];
}

export interface ProductView {
  code: string;
  name: string;
  isvRate: string | null;
  exempt: boolean;
  exemptPerUnit: string | null;
  /** Price list code -> its price of this product. */
  prices: Record<string, { price: string; currency: string }>;
  /** The callers' ids mapped to this product. */
  externalIds: string[];
}

/** How many products a catalog page lists; the catalog spreadsheet holds them all. */
export const PRODUCTS_SHOWN = 100;

/**
 * What the console's setup pages show: the live entries of a company as `admin apply` names them
 * (codes, `EEE-PPP`), read fresh on every request, so a change made by any process shows at once.
 * Changes never go through here: they go through CompanySetupService.
 */
@injectable()
export class CompanySetupView {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async overview(ref: CompanyRef): Promise<SetupOverview> {
    const em = this.em.fork();
    const company = await em.findOneOrFail(Company, ref.id);
    const live = { company, deletedAt: null };
    const establishments = await em.find(Establishment, live, { orderBy: { code: 'asc' } });
    const points = await em.find(EmissionPoint, { establishment: { $in: establishments }, deletedAt: null }, { orderBy: { code: 'asc' } });
    const integration = await em.findOne(
      IntegrationSettings,
      { company },
      {
        populate: ['emissionPoint.establishment', 'creatorUser', 'priceList', 'paymentTerminal'],
      },
    );
    const named = (rows: Array<{ code: string; name: string | null }>): NamedView[] => rows.map(({ code, name }) => ({ code, name }));
    return {
      company: { code: company.code, name: company.name, rtn: company.rtn },
      integration: {
        enabled: integration?.enabled ?? false,
        exoneratedSales: integration?.exoneratedSales ?? false,
        emissionPoint: integration?.emissionPoint
          ? pointKey(integration.emissionPoint.establishment.code, integration.emissionPoint.code)
          : null,
        creatorUser: integration?.creatorUser?.code ?? null,
        priceList: integration?.priceList?.code ?? null,
        paymentTerminal: integration?.paymentTerminal?.code ?? null,
      },
      establishments: establishments.map((e) => ({
        code: e.code,
        name: e.name,
        address: e.address,
        emissionPoints: named(points.filter((p) => p.establishment.id === e.id)),
      })),
      users: named(await em.find(OperatorUser, live, { orderBy: { code: 'asc' } })),
      paymentTerminals: named(await em.find(PaymentTerminal, live, { orderBy: { code: 'asc' } })),
      priceLists: named(await em.find(PriceList, live, { orderBy: { code: 'asc' } })),
    };
  }

  /**
   * The company's live products whose code or name contains `search` (all when empty), by code,
   * at most PRODUCTS_SHOWN, with their live prices (in live lists) and mappings.
   */
  async products(ref: CompanyRef, search: string): Promise<ProductView[]> {
    const em = this.em.fork();
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const products = await em.find(
      Product,
      { company: ref.id, deletedAt: null, ...(search ? { $or: [{ code: { $like: like } }, { name: { $like: like } }] } : {}) },
      { orderBy: { code: 'asc' }, limit: PRODUCTS_SHOWN },
    );
    if (products.length === 0) return [];
    const prices = await em.find(
      ProductPrice,
      { product: { $in: products }, deletedAt: null, priceList: { deletedAt: null } },
      { populate: ['priceList'] },
    );
    const mappings = await em.find(
      ProductMapping,
      { product: { $in: products }, deletedAt: null },
      { orderBy: { externalProductId: 'asc' } },
    );
    return products.map((p) => ({
      code: p.code,
      name: p.name,
      isvRate: p.isvRate,
      exempt: p.exempt,
      exemptPerUnit: p.exemptPerUnit,
      prices: Object.fromEntries(
        prices.filter((pp) => pp.product.id === p.id).map((pp) => [pp.priceList.code, { price: pp.price, currency: pp.currency }]),
      ),
      externalIds: mappings.filter((m) => m.product.id === p.id).map((m) => m.externalProductId),
    }));
  }
}
