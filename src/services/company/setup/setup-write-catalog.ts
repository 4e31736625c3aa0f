import { DiscountPolicy, PriceList, Product, ProductMapping, ProductPrice } from '../../../entities';
import { DECIMAL_COLUMNS } from '../../../domain/decimal-columns';
import type {
  DiscountPolicyEntry,
  DiscountPolicySpec,
  PriceEntry,
  PriceListEntry,
  PriceSpec,
  ProductEntry,
  ProductMappingEntry,
  ProductSpec,
} from './setup-document';
import { codeKey, mappingKey, priceKey } from './setup-state';
import { assignChanged, decimal, defined, upsertEntry, WriteContext } from './setup-write-helpers';

// Scales of the DECIMAL columns, so stored and given values compare as equal strings.
const RATE_SCALE = DECIMAL_COLUMNS.rate.scale;
const MONEY_SCALE = DECIMAL_COLUMNS.amount.scale;

export function writeDiscountPolicies(ctx: WriteContext, entries: DiscountPolicyEntry[]): void {
  entries.forEach((entry, i) => {
    const fields = (e: DiscountPolicySpec) => ({
      code: e.code,
      percent: decimal(e.percent, RATE_SCALE) as string,
      active: e.active,
      validFrom: e.validFrom,
      validTo: e.validTo,
    });
    const row = upsertEntry(
      ctx,
      { path: `discountPolicies[${i}]`, entry: `discount policy ${entry.code}` },
      ctx.existing.discountPolicies.get(codeKey(entry.code)),
      entry,
      (e) => ctx.em.create(DiscountPolicy, { ...defined(fields(e)), company: ctx.company, code: e.code, percent: fields(e).percent }),
      (r, e) => assignChanged(r, fields(e)),
    );
    if (row) ctx.existing.discountPolicies.set(codeKey(entry.code), row);
  });
}

export function writeProducts(ctx: WriteContext, entries: ProductEntry[]): void {
  entries.forEach((entry, i) => {
    const fields = (e: ProductSpec) => ({
      code: e.code,
      name: e.name,
      isvRate: decimal(e.isvRate, RATE_SCALE),
      exempt: e.exempt,
      exemptPerUnit: decimal(e.exemptPerUnit, MONEY_SCALE),
    });
    const row = upsertEntry(
      ctx,
      { path: `products[${i}]`, entry: `product ${entry.code}` },
      ctx.existing.products.get(codeKey(entry.code)),
      entry,
      (e) => ctx.em.create(Product, { ...defined(fields(e)), company: ctx.company, code: e.code, name: e.name }),
      (r, e) => assignChanged(r, fields(e)),
    );
    if (row) ctx.existing.products.set(codeKey(entry.code), row);
  });
}

export function writePriceLists(ctx: WriteContext, entries: PriceListEntry[]): void {
  entries.forEach((entry, i) => {
    const path = `priceLists[${i}]`;
    const list = upsertEntry(
      ctx,
      { path, entry: `price list ${entry.code}` },
      ctx.existing.priceLists.get(codeKey(entry.code)),
      entry,
      (e) => ctx.em.create(PriceList, { ...defined({ name: e.name }), company: ctx.company, code: e.code }),
      (r, e) => assignChanged(r, { code: e.code, name: e.name }),
    );
    if (!list) return;
    ctx.existing.priceLists.set(codeKey(entry.code), list);
    // Prices are reached only through their list: a deleted list takes them out of use as they
    // stand (and a restored one brings them back), so the ones listed under it are not written.
    if (!entry.deleted) (entry.prices ?? []).forEach((price, j) => writePrice(ctx, `${path}.prices[${j}]`, list, price));
  });
}

function writePrice(ctx: WriteContext, path: string, priceList: PriceList, entry: PriceEntry): void {
  const product = ctx.existing.products.get(codeKey(entry.product));
  // Only a deleted entry can name an unknown product (references are checked first): nothing to delete.
  if (!product) return;
  const stored =
    priceList.id !== undefined && product.id !== undefined ? ctx.existing.prices.get(priceKey(priceList.id, product.id)) : undefined;
  const fields = (e: PriceSpec) => ({
    price: decimal(e.price, MONEY_SCALE) as string,
    currency: e.currency,
    discountPolicy:
      e.discountPolicy === undefined || e.discountPolicy === null
        ? e.discountPolicy
        : ctx.existing.discountPolicies.get(codeKey(e.discountPolicy)),
  });
  upsertEntry(
    ctx,
    { path, entry: `price ${entry.product} in ${priceList.code}` },
    stored,
    entry,
    (e) => ctx.em.create(ProductPrice, { ...defined(fields(e)), priceList, product, price: fields(e).price }),
    (r, e) => assignChanged(r, fields(e)),
  );
}

export function writeProductMappings(ctx: WriteContext, entries: ProductMappingEntry[]): void {
  entries.forEach((entry, i) => {
    const product = ctx.existing.products.get(codeKey(entry.product));
    if (!product) return;
    const key = product.id !== undefined ? mappingKey(entry.externalProductId, product.id) : undefined;
    const row = upsertEntry(
      ctx,
      { path: `productMappings[${i}]`, entry: `mapping ${entry.externalProductId} -> ${entry.product}` },
      key !== undefined ? ctx.existing.mappings.get(key) : undefined,
      entry,
      (e) => ctx.em.create(ProductMapping, { company: ctx.company, externalProductId: e.externalProductId, product }),
      (r, e) => assignChanged(r, { externalProductId: e.externalProductId }),
    );
    if (row && key !== undefined) ctx.existing.mappings.set(key, row);
  });
}
