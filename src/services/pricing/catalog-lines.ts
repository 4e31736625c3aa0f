import Big from 'big.js';
import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../config/config';
import { AppError } from '../../domain/app-error';
import type { TotalsLineInput } from '../../domain/totals-engine';
import { Product, ProductMapping, ProductPrice } from '../../entities';
import { TOKENS } from '../../tokens';
import type { InvoiceRequestItem } from './invoice-request';

/** A request line joined with its catalog product and its price-list entry (if any). */
export interface CatalogLine {
  item: InvoiceRequestItem;
  product: Product;
  price: ProductPrice | null;
  totalsInput: TotalsLineInput;
}

/**
 * Resolves every line against the company's catalog in two queries whatever the line count
 * (mappings with products, then prices with discount policies), and raises the catalog errors of
 * decision 6 for the first line that has one.
 */
@injectable()
export class CatalogLineResolver {
  private readonly allowedRates: Big[];

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Config) config: AppConfig,
  ) {
    this.allowedRates = config.allowedIsvRates.map((r) => new Big(r));
  }

  async resolve(companyId: number, priceListId: number, items: InvoiceRequestItem[], invoiceDay: string): Promise<CatalogLine[]> {
    const externalIds = [...new Set(items.map((i) => i.externalProductId))];
    const mappings = await this.em.find(
      ProductMapping,
      { company: companyId, externalProductId: { $in: externalIds }, deletedAt: null, product: { deletedAt: null } },
      { populate: ['product'] },
    );
    const productsByExternalId = new Map<string, Product[]>();
    for (const m of mappings)
      productsByExternalId.set(m.externalProductId, [...(productsByExternalId.get(m.externalProductId) ?? []), m.product]);

    const products = items.map((item, i) => this.productOf(item, i, productsByExternalId));
    const prices = await this.em.find(
      ProductPrice,
      { priceList: priceListId, product: { $in: [...new Set(products.map((p) => p.id))] }, deletedAt: null },
      { populate: ['discountPolicy'] },
    );
    const priceByProduct = new Map(prices.map((p) => [p.product.id, p]));

    return items.map((item, i) => {
      const product = products[i];
      const price = priceByProduct.get(product.id) ?? null;
      return { item, product, price, totalsInput: this.totalsInput(item, i, product, price, invoiceDay) };
    });
  }

  private productOf(item: InvoiceRequestItem, index: number, byExternalId: Map<string, Product[]>): Product {
    const candidates = byExternalId.get(item.externalProductId) ?? [];
    if (candidates.length === 0) {
      throw new AppError('PRODUCT_NOT_FOUND', `items[${index}].externalProductId "${item.externalProductId}" is not mapped to a product.`);
    }
    if (candidates.length > 1) {
      throw new AppError(
        'ITEM_AMBIGUOUS_PRODUCT_REFERENCE',
        `items[${index}].externalProductId "${item.externalProductId}" is mapped to more than one product.`,
      );
    }
    return candidates[0];
  }

  private totalsInput(
    item: InvoiceRequestItem,
    index: number,
    product: Product,
    price: ProductPrice | null,
    invoiceDay: string,
  ): TotalsLineInput {
    const isvRate = product.isvRate === null ? null : new Big(product.isvRate);
    if (!product.exempt && (isvRate === null || !this.allowedRates.some((r) => r.eq(isvRate)))) {
      throw new AppError(
        'INVALID_TAX_RATE',
        `Product ${product.code} has ISV rate ${product.isvRate ?? 'none'}, which is not an allowed rate.`,
      );
    }
    if (item.price === null && price === null) {
      throw new AppError('PRICE_NOT_FOUND', `Product ${product.code} (items[${index}]) has no price in the configured price list.`);
    }
    return {
      quantity: item.quantity,
      suppliedPrice: item.price,
      catalogPrice: price ? { amount: new Big(price.price), currency: price.currency } : null,
      discountPercent: price ? discountPercent(price, invoiceDay) : null,
      product: { exempt: product.exempt, isvRate, exemptPerUnit: product.exemptPerUnit === null ? null : new Big(product.exemptPerUnit) },
    };
  }
}

/** The percent of the entry's discount policy, checked for existence, sanity and availability. */
function discountPercent(price: ProductPrice, invoiceDay: string): Big | null {
  const policy = price.discountPolicy;
  if (!policy) return null;
  if (policy.deletedAt) throw new AppError('DISCOUNT_POLICY_NOT_FOUND', `Discount policy ${policy.code} no longer exists.`);
  const percent = new Big(policy.percent);
  if (percent.lt(0) || percent.gt(100))
    throw new AppError('INVALID_DISCOUNT_POLICY', `Discount policy ${policy.code} has percent ${policy.percent}, outside 0..100.`);
  const inWindow = (!policy.validFrom || policy.validFrom <= invoiceDay) && (!policy.validTo || invoiceDay <= policy.validTo);
  if (!policy.active || !inWindow)
    throw new AppError('DISCOUNT_POLICY_UNAVAILABLE', `Discount policy ${policy.code} is not available on ${invoiceDay}.`);
  return percent;
}
