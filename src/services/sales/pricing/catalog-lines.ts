import Big from 'big.js';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../../config/config';
import { AppError } from '../../../domain/app-error';
import type { TotalsLineInput } from '../../../domain/totals-engine';
import { TOKENS } from '../../../tokens';
import type { InvoiceRequestItem } from './invoice-request';
import type { Catalog, CatalogPrice, CatalogProduct } from './pricing-snapshot';

/** A request line joined with its catalog product and its price-list entry (if any). */
export interface CatalogLine {
  item: InvoiceRequestItem;
  product: CatalogProduct;
  price: CatalogPrice | null;
  totalsInput: TotalsLineInput;
}

/**
 * Resolves every line against the company's catalog (in memory: pricing-snapshot.ts), and raises
 * the catalog errors of decision 6 for the first line that has one: every line's product first,
 * then each line's rate, price and discount policy.
 */
@injectable()
export class CatalogLineResolver {
  private readonly allowedRates: Big[];

  constructor(@inject(TOKENS.Config) config: AppConfig) {
    this.allowedRates = config.allowedIsvRates.map((r) => new Big(r));
  }

  resolve(catalog: Catalog, items: InvoiceRequestItem[], invoiceDay: string): CatalogLine[] {
    const products = items.map((item, i) => productOf(catalog, item, i));
    return items.map((item, i) => {
      const product = products[i];
      const price = catalog.priceOf(product.id);
      return { item, product, price, totalsInput: this.totalsInput(item, i, product, price, invoiceDay) };
    });
  }

  private totalsInput(
    item: InvoiceRequestItem,
    index: number,
    product: CatalogProduct,
    price: CatalogPrice | null,
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

function productOf(catalog: Catalog, item: InvoiceRequestItem, index: number): CatalogProduct {
  const candidates = catalog.productsMappedTo(item.externalProductId);
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

/** The percent of the entry's discount policy, checked for existence, sanity and availability. */
function discountPercent(price: CatalogPrice, invoiceDay: string): Big | null {
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
