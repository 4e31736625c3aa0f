import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../../domain/company-ref';
import { Product, ProductMapping, ProductPrice } from '../../../entities';
import { TOKENS } from '../../../tokens';

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
 * The catalog as the console's products page shows it, read fresh on every request (changes go
 * through CompanySetupService, never here).
 */
@injectable()
export class CatalogView {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

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
