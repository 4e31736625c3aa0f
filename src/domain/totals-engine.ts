import Big from 'big.js';
import { basesPerRate, documentAmounts, type DocumentAmounts, type LineAmounts, taxOf, type TaxEntry } from './sale-amounts';
import { round2, round4, ZERO } from './money';

/**
 * Pure totals engine (decision 4), shared by preview and issuance. The caller resolves
 * catalog data and validates rates, discount policies and request numbers beforehand; this
 * module only refuses inputs it cannot price without guessing.
 */

export type TotalsInputErrorCode = 'EMPTY_ITEMS' | 'EXCHANGE_RATE_NOT_FOUND' | 'INVALID_NUMBER';

export class TotalsInputError extends Error {
  constructor(
    public readonly code: TotalsInputErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TotalsInputError';
  }
}

export type PriceCurrency = 'HNL' | 'USD';

export interface CatalogPrice {
  amount: Big;
  currency: PriceCurrency;
}

export interface TotalsProduct {
  exempt: boolean;
  /** ISV percent, e.g. 15; only needed when the line has a taxable base. */
  isvRate: Big | null;
  /** Lempiras per unit that are exempt for a partly taxable product; null otherwise. */
  exemptPerUnit: Big | null;
}

export interface TotalsLineInput {
  quantity: Big;
  /** Caller-supplied price, always lempiras; wins over the catalog price. */
  suppliedPrice: Big | null;
  catalogPrice: CatalogPrice | null;
  /** Percent of the price-list entry's discount policy (0..100), null when none. */
  discountPercent: Big | null;
  product: TotalsProduct;
}

export interface TotalsInput {
  lines: readonly TotalsLineInput[];
  exonerated: boolean;
  /** Lempiras per USD; required only when some line takes a USD catalog price. */
  exchangeRate: Big | null;
}

export type { TaxEntry };

export interface LineTotals extends LineAmounts {
  taxableBase: Big;
  pricedInUsd: boolean;
}

/** Its tax breakdown has one entry per distinct rate with a positive base, rate ascending; none if exonerated. */
export interface InvoiceTotals extends DocumentAmounts<LineTotals> {
  appliedDollarExchangeRate: Big | null;
}

const PERCENT = new Big('0.01');

function resolveUnitPrice(line: TotalsLineInput, index: number, exchangeRate: Big | null) {
  if (line.suppliedPrice !== null) return { unitPrice: line.suppliedPrice, pricedInUsd: false };
  const price = line.catalogPrice;
  // Price presence is the caller's PRICE_NOT_FOUND check; reaching here is a programming error.
  if (price === null) throw new Error(`Line ${index}: no supplied price and no catalog price`);
  if (price.currency === 'HNL') return { unitPrice: price.amount, pricedInUsd: false };
  if (exchangeRate === null || exchangeRate.lte(0)) {
    const message = `Line ${index} is priced in USD and there is no exchange rate`;
    throw new TotalsInputError('EXCHANGE_RATE_NOT_FOUND', message);
  }
  return { unitPrice: round4(price.amount.times(exchangeRate)), pricedInUsd: true };
}

function computeLine(line: TotalsLineInput, index: number, exchangeRate: Big | null): LineTotals {
  if (line.quantity.lte(0)) {
    throw new TotalsInputError('INVALID_NUMBER', `Line ${index}: quantity must be greater than 0`);
  }
  const { unitPrice, pricedInUsd } = resolveUnitPrice(line, index, exchangeRate);
  if (unitPrice.lt(0)) throw new TotalsInputError('INVALID_NUMBER', `Line ${index}: price must not be negative`);

  const percent = line.discountPercent;
  // Policy validation is the caller's (409 INVALID_DISCOUNT_POLICY); outside 0..100 the invariant breaks.
  if (percent !== null && (percent.lt(0) || percent.gt(100))) {
    throw new Error(`Line ${index}: discount percent ${percent.toString()} outside 0..100`);
  }

  const importe = round2(unitPrice.times(line.quantity));
  const discountAmount = percent === null ? ZERO : round2(importe.times(percent).times(PERCENT));
  const subTotal = importe.minus(discountAmount);
  const { product } = line;
  let exemptAmount = ZERO;
  if (product.exempt) {
    exemptAmount = subTotal;
  } else if (product.exemptPerUnit !== null) {
    // Catalog amount per unit, never rescaled by a supplied price: the catalog, not the caller, says what is exempt.
    const exemptPart = round2(product.exemptPerUnit.times(line.quantity));
    exemptAmount = exemptPart.lt(subTotal) ? exemptPart : subTotal;
  }
  const taxableBase = subTotal.minus(exemptAmount);
  if (taxableBase.gt(0) && product.isvRate === null) {
    throw new Error(`Line ${index}: taxable product without an ISV rate`);
  }
  return {
    quantity: line.quantity,
    unitPrice,
    importe,
    discountAmount,
    subTotal,
    exemptAmount,
    taxableBase,
    isvRate: product.isvRate,
    pricedInUsd,
  };
}

function buildTaxBreakdown(lines: readonly LineTotals[]): TaxEntry[] {
  // A line without a rate has no base (computeLine refuses one that would).
  const bases = lines.flatMap((line) => (line.isvRate === null ? [] : [{ rate: line.isvRate, base: line.taxableBase }]));
  return basesPerRate(bases).map(({ rate, base }) => ({ rate, taxedAmount: base, taxAmount: taxOf(base, rate) }));
}

/** Prices every line and totals the invoice, rounding half-up where each value is produced. */
export function computeTotals(input: TotalsInput): InvoiceTotals {
  if (input.lines.length === 0) throw new TotalsInputError('EMPTY_ITEMS', 'An invoice needs at least one line');
  const lines = input.lines.map((line, index) => computeLine(line, index, input.exchangeRate));

  const taxBreakdown = input.exonerated ? [] : buildTaxBreakdown(lines);
  return {
    ...documentAmounts(lines, taxBreakdown, input.exonerated),
    appliedDollarExchangeRate: lines.some((l) => l.pricedInUsd) ? input.exchangeRate : null,
  };
}
