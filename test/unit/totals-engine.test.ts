import Big from 'big.js';
import fc from 'fast-check';
import { decimalPlaces } from '../../src/domain/money';
import {
  computeTotals,
  InvoiceTotals,
  TotalsInput,
  TotalsInputError,
  TotalsLineInput,
  TotalsProduct,
} from '../../src/domain/totals-engine';

type LineOverrides = Partial<Omit<TotalsLineInput, 'product'>> & { product?: Partial<TotalsProduct> };

const big = (v: string | number) => new Big(v);
const hnl = (amount: string) => ({ amount: big(amount), currency: 'HNL' as const });
const usd = (amount: string) => ({ amount: big(amount), currency: 'USD' as const });

/** Defaults: 1 unit at L 100.00 from the price list, taxed at 15 %, no discount. */
function line(overrides: LineOverrides = {}): TotalsLineInput {
  const { product, ...rest } = overrides;
  return {
    quantity: big(1),
    suppliedPrice: null,
    catalogPrice: hnl('100'),
    discountPercent: null,
    ...rest,
    product: { exempt: false, isvRate: big(15), exemptPerUnit: null, ...product },
  };
}

function totals(lines: TotalsLineInput[], extra: Partial<Omit<TotalsInput, 'lines'>> = {}): InvoiceTotals {
  return computeTotals({ lines, exonerated: false, exchangeRate: null, ...extra });
}

// Big#toString prints every decimal, so a value left unrounded cannot pass as its rounded twin.
const str = (v: Big | null) => (v === null ? null : v.toString());
const norm = (v: string | null) => (v === null ? null : big(v).toString());

function invoiceView(t: InvoiceTotals) {
  return {
    importe: str(t.importe),
    discountTotal: str(t.discountTotal),
    exemptedAmount: str(t.exemptedAmount),
    exoneratedAmount: str(t.exoneratedAmount),
    totalTaxes: str(t.totalTaxes),
    total: str(t.total),
    appliedDollarExchangeRate: str(t.appliedDollarExchangeRate),
    taxBreakdown: t.taxBreakdown.map((e) => [str(e.rate), str(e.taxedAmount), str(e.taxAmount)]),
  };
}

interface ExpectedInvoice {
  importe: string;
  discountTotal: string;
  exemptedAmount: string;
  exoneratedAmount: string;
  totalTaxes: string;
  total: string;
  appliedDollarExchangeRate?: string | null;
  /** [rate, taxedAmount, taxAmount] */
  taxBreakdown: [string, string, string][];
}

function expectInvoice(t: InvoiceTotals, e: ExpectedInvoice): void {
  expect(invoiceView(t)).toEqual({
    importe: norm(e.importe),
    discountTotal: norm(e.discountTotal),
    exemptedAmount: norm(e.exemptedAmount),
    exoneratedAmount: norm(e.exoneratedAmount),
    totalTaxes: norm(e.totalTaxes),
    total: norm(e.total),
    appliedDollarExchangeRate: norm(e.appliedDollarExchangeRate ?? null),
    taxBreakdown: e.taxBreakdown.map((row) => row.map(norm)),
  });
}

/** [unitPrice, importe, discountAmount, subTotal, exemptAmount, taxableBase] */
function expectLine(t: InvoiceTotals, index: number, e: [string, string, string, string, string, string]): void {
  const l = t.lines[index];
  expect([l.unitPrice, l.importe, l.discountAmount, l.subTotal, l.exemptAmount, l.taxableBase].map(str)).toEqual(e.map(norm));
}

function inputError(fn: () => unknown): TotalsInputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TotalsInputError);
    return err as TotalsInputError;
  }
  throw new Error('expected a TotalsInputError');
}

describe('computeTotals: taxed lines', () => {
  it('taxes a line at 15 %', () => {
    // 2 x 100.00 = 200.00; ISV 200.00 x 15 % = 30.00; total 230.00
    const t = totals([line({ quantity: big(2) })]);
    expectLine(t, 0, ['100', '200', '0', '200', '0', '200']);
    expectInvoice(t, {
      importe: '200.00',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '30.00',
      total: '230.00',
      appliedDollarExchangeRate: null,
      taxBreakdown: [['15', '200.00', '30.00']],
    });
    expect(t.lines[0].isvRate?.toString()).toBe('15');
  });

  it('taxes a line at 18 %', () => {
    // 3 x 49.99 = 149.97; 149.97 x 18 % = 26.9946 -> 26.99; total 149.97 + 26.99 = 176.96
    const t = totals([line({ quantity: big(3), catalogPrice: hnl('49.99'), product: { isvRate: big(18) } })]);
    expectInvoice(t, {
      importe: '149.97',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '26.99',
      total: '176.96',
      taxBreakdown: [['18', '149.97', '26.99']],
    });
  });

  it('groups mixed rates into one entry per rate, rate ascending, taxing the summed base', () => {
    // 18 %: 200.00 -> 36.00. 15 %: 2 x 50.00 + 10.10 = 110.10 -> 16.515 -> 16.52.
    // importe 310.10; taxes 52.52; total 362.62
    const t = totals([
      line({ catalogPrice: hnl('200'), product: { isvRate: big(18) } }),
      line({ quantity: big(2), catalogPrice: hnl('50') }),
      line({ catalogPrice: hnl('10.10'), product: { isvRate: big('15.00') } }),
    ]);
    expectInvoice(t, {
      importe: '310.10',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '52.52',
      total: '362.62',
      taxBreakdown: [
        ['15', '110.10', '16.52'],
        ['18', '200.00', '36.00'],
      ],
    });
  });

  it('lists a 0 % rate with a positive base as its own entry with no tax', () => {
    // 0 %: 40.00 -> 0.00; 15 %: 100.00 -> 15.00; total 140.00 + 15.00 = 155.00
    const t = totals([line(), line({ catalogPrice: hnl('40'), product: { isvRate: big(0) } })]);
    expectInvoice(t, {
      importe: '140',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '15',
      total: '155',
      taxBreakdown: [
        ['0', '40', '0'],
        ['15', '100', '15'],
      ],
    });
  });
});

describe('computeTotals: prices and discounts', () => {
  it('applies the discount policy percent to the importe', () => {
    // 3 x 35.50 = 106.50; 10 % = 10.65; subTotal 95.85; ISV 95.85 x 15 % = 14.3775 -> 14.38
    // total 106.50 - 10.65 + 14.38 = 110.23
    const t = totals([line({ quantity: big(3), catalogPrice: hnl('35.50'), discountPercent: big(10) })]);
    expectLine(t, 0, ['35.5', '106.50', '10.65', '95.85', '0', '95.85']);
    expectInvoice(t, {
      importe: '106.50',
      discountTotal: '10.65',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '14.38',
      total: '110.23',
      taxBreakdown: [['15', '95.85', '14.38']],
    });
  });

  it('uses a supplied price instead of the list price and still applies the discount', () => {
    // 3 x 40.00 = 120.00; 10 % = 12.00; subTotal 108.00; ISV 16.20; total 120 - 12 + 16.20 = 124.20
    const t = totals([line({ quantity: big(3), suppliedPrice: big(40), catalogPrice: hnl('35.50'), discountPercent: big(10) })]);
    expectLine(t, 0, ['40', '120', '12', '108', '0', '108']);
    expectInvoice(t, {
      importe: '120',
      discountTotal: '12',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '16.20',
      total: '124.20',
      taxBreakdown: [['15', '108', '16.20']],
    });
  });

  it('accepts a supplied price of zero and a 100 % discount', () => {
    // line 1: 0 x 2 = 0; line 2: 100.00 - 100 % = 0; nothing taxed
    const t = totals([line({ quantity: big(2), suppliedPrice: big(0) }), line({ discountPercent: big(100) })]);
    expectInvoice(t, {
      importe: '100',
      discountTotal: '100',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '0',
      total: '0',
      taxBreakdown: [],
    });
  });

  it('prices with a supplied price and no catalog price at all', () => {
    // 1 x 12.3456 = 12.3456 -> 12.35; ISV 1.8525 -> 1.85; total 14.20
    const t = totals([line({ suppliedPrice: big('12.3456'), catalogPrice: null })]);
    expectLine(t, 0, ['12.3456', '12.35', '0', '12.35', '0', '12.35']);
    expect(t.total.toString()).toBe('14.2');
  });
});

describe('computeTotals: exempt and partly taxable products', () => {
  it('puts the whole subTotal of a fully exempt line into exemptedAmount', () => {
    // exempt: 4 x 25.25 = 101.00; taxed: 100.00 -> 15.00; total 201.00 + 15.00 = 216.00
    const t = totals([line({ quantity: big(4), catalogPrice: hnl('25.25'), product: { exempt: true, isvRate: null } }), line()]);
    expectLine(t, 0, ['25.25', '101', '0', '101', '101', '0']);
    expectInvoice(t, {
      importe: '201',
      discountTotal: '0',
      exemptedAmount: '101',
      exoneratedAmount: '0',
      totalTaxes: '15',
      total: '216',
      taxBreakdown: [['15', '100', '15']],
    });
  });

  it('gives an empty breakdown when every line is exempt', () => {
    // 10 % of 50.00 = 5.00; exempt 45.00; total 50.00 - 5.00 = 45.00
    const t = totals([line({ catalogPrice: hnl('50'), discountPercent: big(10), product: { exempt: true } })]);
    expectInvoice(t, {
      importe: '50',
      discountTotal: '5',
      exemptedAmount: '45',
      exoneratedAmount: '0',
      totalTaxes: '0',
      total: '45',
      taxBreakdown: [],
    });
  });

  it('exempts exemptPerUnit x quantity of a partly taxable line at the list price', () => {
    // 2 x 100.00 = 200.00; exempt 2 x 30.00 = 60.00; base 140.00; ISV 21.00; total 221.00
    const t = totals([line({ quantity: big(2), product: { exemptPerUnit: big(30) } })]);
    expectLine(t, 0, ['100', '200', '0', '200', '60', '140']);
    expectInvoice(t, {
      importe: '200',
      discountTotal: '0',
      exemptedAmount: '60',
      exoneratedAmount: '0',
      totalTaxes: '21',
      total: '221',
      taxBreakdown: [['15', '140', '21']],
    });
  });

  it('keeps the exempt portion of a partly taxable line when a higher price is supplied', () => {
    // 2 x 120.00 = 240.00; exempt still 2 x 30.00 = 60.00; base 180.00; ISV 27.00; total 267.00
    const t = totals([line({ quantity: big(2), suppliedPrice: big(120), product: { exemptPerUnit: big(30) } })]);
    expectLine(t, 0, ['120', '240', '0', '240', '60', '180']);
    expectInvoice(t, {
      importe: '240',
      discountTotal: '0',
      exemptedAmount: '60',
      exoneratedAmount: '0',
      totalTaxes: '27',
      total: '267',
      taxBreakdown: [['15', '180', '27']],
    });
  });

  it('caps the exempt portion at the subTotal when the supplied price is below it', () => {
    // 2 x 20.00 = 40.00; exempt min(60.00, 40.00) = 40.00; base 0 -> no breakdown entry
    const t = totals([line({ quantity: big(2), suppliedPrice: big(20), product: { exemptPerUnit: big(30) } })]);
    expectLine(t, 0, ['20', '40', '0', '40', '40', '0']);
    expectInvoice(t, {
      importe: '40',
      discountTotal: '0',
      exemptedAmount: '40',
      exoneratedAmount: '0',
      totalTaxes: '0',
      total: '40',
      taxBreakdown: [],
    });
  });

  it('takes the discount from the taxable part of a partly taxable line', () => {
    // 2 x 100.00 = 200.00; 10 % = 20.00; subTotal 180.00; exempt 60.00; base 120.00; ISV 18.00
    // total 200 - 20 + 18 = 198.00
    const t = totals([line({ quantity: big(2), discountPercent: big(10), product: { exemptPerUnit: big(30) } })]);
    expectLine(t, 0, ['100', '200', '20', '180', '60', '120']);
    expect(t.total.toString()).toBe('198');
  });

  it('rounds the exempt portion of a fractional quantity half-up', () => {
    // 1.5 x 30.125 = 45.1875 -> 45.19; importe 1.5 x 100 = 150.00; base 104.81;
    // ISV 104.81 x 15 % = 15.7215 -> 15.72; total 165.72
    const t = totals([line({ quantity: big('1.5'), product: { exemptPerUnit: big('30.125') } })]);
    expectLine(t, 0, ['100', '150', '0', '150', '45.19', '104.81']);
    expect(t.totalTaxes.toString()).toBe('15.72');
  });
});

describe('computeTotals: exonerated sales', () => {
  const cart = () => [
    line({ quantity: big(2) }), // base 200.00 at 15 %
    line({ catalogPrice: hnl('50'), product: { isvRate: big(18) } }), // base 50.00 at 18 %
    line({ catalogPrice: hnl('30'), product: { exempt: true } }), // exempt 30.00
    line({ quantity: big(2), product: { exemptPerUnit: big(30) } }), // exempt 60.00, base 140.00
  ];

  it('moves every taxable base of an exonerated client into exoneratedAmount with no ISV', () => {
    // importe 200 + 50 + 30 + 200 = 480; exempt 30 + 60 = 90; exonerated 200 + 50 + 140 = 390
    const t = totals(cart(), { exonerated: true });
    expectInvoice(t, {
      importe: '480',
      discountTotal: '0',
      exemptedAmount: '90',
      exoneratedAmount: '390',
      totalTaxes: '0',
      total: '480',
      taxBreakdown: [],
    });
  });

  it('treats an integration configured with exoneratedSales the same way (same flag)', () => {
    // 3 x 35.50 = 106.50; 10 % = 10.65; exonerated 95.85; total 95.85
    const t = totals([line({ quantity: big(3), catalogPrice: hnl('35.50'), discountPercent: big(10) })], {
      exonerated: true,
    });
    expectInvoice(t, {
      importe: '106.50',
      discountTotal: '10.65',
      exemptedAmount: '0',
      exoneratedAmount: '95.85',
      totalTaxes: '0',
      total: '95.85',
      taxBreakdown: [],
    });
  });

  it('taxes the same cart normally when the sale is not exonerated', () => {
    // 15 %: 200 + 140 = 340 -> 51.00; 18 %: 50 -> 9.00; total 480 + 60 = 540
    const t = totals(cart());
    expectInvoice(t, {
      importe: '480',
      discountTotal: '0',
      exemptedAmount: '90',
      exoneratedAmount: '0',
      totalTaxes: '60',
      total: '540',
      taxBreakdown: [
        ['15', '340', '51'],
        ['18', '50', '9'],
      ],
    });
  });
});

describe('computeTotals: USD price-list prices', () => {
  it('converts with round4(usdPrice x rate) and reports the applied rate', () => {
    // 10.1234 x 24.6578 = 249.62077252 -> 249.6208; x 2 = 499.2416 -> 499.24
    // ISV 499.24 x 15 % = 74.886 -> 74.89; total 574.13
    const t = totals([line({ quantity: big(2), catalogPrice: usd('10.1234') }), line({ catalogPrice: hnl('0') })], {
      exchangeRate: big('24.6578'),
    });
    expectLine(t, 0, ['249.6208', '499.24', '0', '499.24', '0', '499.24']);
    expect(t.lines.map((l) => l.pricedInUsd)).toEqual([true, false]);
    expectInvoice(t, {
      importe: '499.24',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '74.89',
      total: '574.13',
      appliedDollarExchangeRate: '24.6578',
      taxBreakdown: [['15', '499.24', '74.89']],
    });
  });

  it('rounds the converted price half-up at the fourth decimal', () => {
    // 0.0001 x 24.5 = 0.00245 -> 0.0025; x 1000 = 2.50; ISV 0.375 -> 0.38
    const t = totals([line({ quantity: big(1000), catalogPrice: usd('0.0001') })], { exchangeRate: big('24.5') });
    expectLine(t, 0, ['0.0025', '2.5', '0', '2.5', '0', '2.5']);
    expect(t.totalTaxes.toString()).toBe('0.38');
  });

  it('leaves appliedDollarExchangeRate null when a supplied price replaces the USD price', () => {
    // supplied 100.00 in lempiras, no conversion needed, so no rate is needed either
    const t = totals([line({ suppliedPrice: big(100), catalogPrice: usd('4') })]);
    expect(t.appliedDollarExchangeRate).toBeNull();
    expect(t.total.toString()).toBe('115');
  });

  it('leaves appliedDollarExchangeRate null when no line is in USD even if a rate is known', () => {
    expect(totals([line()], { exchangeRate: big('24.5') }).appliedDollarExchangeRate).toBeNull();
  });
});

describe('computeTotals: rounding', () => {
  it('rounds an importe of x.xx5 up', () => {
    // 1 x 10.125 = 10.125 -> 10.13; ISV 1.5195 -> 1.52; total 11.65
    const t = totals([line({ catalogPrice: hnl('10.125') })]);
    expectLine(t, 0, ['10.125', '10.13', '0', '10.13', '0', '10.13']);
    expect(t.total.toString()).toBe('11.65');
  });

  it('rounds an importe just below .5 down', () => {
    // 3 x 3.3749 = 10.1247 -> 10.12
    expect(totals([line({ quantity: big(3), catalogPrice: hnl('3.3749') })]).importe.toString()).toBe('10.12');
  });

  it('rounds a tax of x.xx5 up', () => {
    // 0.25 x 18 % = 0.045 -> 0.05; total 0.30
    const t = totals([line({ catalogPrice: hnl('0.25'), product: { isvRate: big(18) } })]);
    expectInvoice(t, {
      importe: '0.25',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '0.05',
      total: '0.30',
      taxBreakdown: [['18', '0.25', '0.05']],
    });
  });

  it('rounds a discount of x.xx5 up', () => {
    // 10.05 x 10 % = 1.005 -> 1.01; subTotal 9.04; ISV 1.356 -> 1.36; total 10.05 - 1.01 + 1.36 = 10.40
    const t = totals([line({ catalogPrice: hnl('10.05'), discountPercent: big(10) })]);
    expectLine(t, 0, ['10.05', '10.05', '1.01', '9.04', '0', '9.04']);
    expect(t.total.toString()).toBe('10.4');
  });

  it('handles quantities with 4 decimals', () => {
    // 1.2345 x 10.5555 = 13.03076475 -> 13.03; ISV 1.9545 -> 1.95; total 14.98
    const t = totals([line({ quantity: big('1.2345'), catalogPrice: hnl('10.5555') })]);
    expectInvoice(t, {
      importe: '13.03',
      discountTotal: '0',
      exemptedAmount: '0',
      exoneratedAmount: '0',
      totalTaxes: '1.95',
      total: '14.98',
      taxBreakdown: [['15', '13.03', '1.95']],
    });
    expect(t.lines[0].quantity.toString()).toBe('1.2345');
  });
});

describe('computeTotals: refused inputs', () => {
  it('refuses an empty cart with EMPTY_ITEMS', () => {
    expect(inputError(() => totals([])).code).toBe('EMPTY_ITEMS');
  });

  it('refuses a USD price without an exchange rate with EXCHANGE_RATE_NOT_FOUND', () => {
    const err = inputError(() => totals([line(), line({ catalogPrice: usd('3') })]));
    expect(err.code).toBe('EXCHANGE_RATE_NOT_FOUND');
    expect(err.name).toBe('TotalsInputError');
  });

  it('refuses a USD price with a zero exchange rate with EXCHANGE_RATE_NOT_FOUND', () => {
    expect(inputError(() => totals([line({ catalogPrice: usd('3') })], { exchangeRate: big(0) })).code).toBe('EXCHANGE_RATE_NOT_FOUND');
  });

  it.each(['0', '-1', '-0.0001'])('refuses quantity %s with INVALID_NUMBER', (q) => {
    expect(inputError(() => totals([line({ quantity: big(q) })])).code).toBe('INVALID_NUMBER');
  });

  it('refuses a negative supplied price with INVALID_NUMBER', () => {
    expect(inputError(() => totals([line({ suppliedPrice: big('-0.01') })])).code).toBe('INVALID_NUMBER');
  });

  it('fails loudly on inputs the caller must have validated', () => {
    expect(() => totals([line({ catalogPrice: null })])).toThrow(/no catalog price/);
    expect(() => totals([line({ product: { isvRate: null } })])).toThrow(/without an ISV rate/);
    expect(() => totals([line({ discountPercent: big(101) })])).toThrow(/outside 0..100/);
  });
});

describe('computeTotals: properties over random carts', () => {
  const decimal = (max: number, scale: number, min = 0) => fc.integer({ min, max }).map((n) => new Big(n).div(10 ** scale));
  const quantity = decimal(10_000_000, 4, 1); // 0.0001 .. 1000
  const price = decimal(99_999_999, 4); // 0 .. 9999.9999
  const rate = fc.constantFrom(big(0), big(15), big(18));
  const product = fc.oneof(
    rate.map((isvRate) => ({ exempt: false, isvRate, exemptPerUnit: null })),
    fc.constant({ exempt: true, isvRate: null, exemptPerUnit: null }),
    fc.tuple(rate, decimal(2_000_000, 4)).map(([isvRate, exemptPerUnit]) => ({ exempt: false, isvRate, exemptPerUnit })),
  );
  const lineArb: fc.Arbitrary<TotalsLineInput> = fc.record({
    quantity,
    suppliedPrice: fc.option(price),
    catalogPrice: fc.record({ amount: price, currency: fc.constantFrom('HNL' as const, 'USD' as const) }),
    discountPercent: fc.option(decimal(10_000, 2)), // 0.00 .. 100.00
    product,
  });
  const cart = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    exonerated: fc.boolean(),
    exchangeRate: decimal(300_000, 4, 200_000), // 20 .. 30 HNL per USD
  });

  const amountsOf = (t: InvoiceTotals) => [
    t.importe,
    t.discountTotal,
    t.exemptedAmount,
    t.exoneratedAmount,
    t.totalTaxes,
    t.total,
    ...t.taxBreakdown.flatMap((e) => [e.taxedAmount, e.taxAmount]),
    ...t.lines.flatMap((l) => [l.importe, l.discountAmount, l.subTotal, l.exemptAmount, l.taxableBase]),
  ];

  it('splits importe - discountTotal exactly into exempt, exonerated and taxed amounts', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const t = computeTotals(input);
        const taxed = t.taxBreakdown.reduce((acc, e) => acc.plus(e.taxedAmount), big(0));
        const net = t.importe.minus(t.discountTotal);
        expect(t.exemptedAmount.plus(t.exoneratedAmount).plus(taxed).eq(net)).toBe(true);
        expect(t.total.eq(net.plus(t.totalTaxes))).toBe(true);
        const taxSum = t.taxBreakdown.reduce((acc, e) => acc.plus(e.taxAmount), big(0));
        expect(t.totalTaxes.eq(taxSum)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('produces amounts with at most 2 decimals, unit prices with at most 4, none negative', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const t = computeTotals(input);
        for (const amount of amountsOf(t)) {
          expect(decimalPlaces(amount)).toBeLessThanOrEqual(2);
          expect(amount.gte(0)).toBe(true);
        }
        for (const l of t.lines) expect(decimalPlaces(l.unitPrice)).toBeLessThanOrEqual(4);
      }),
      { numRuns: 500 },
    );
  });

  it('lists distinct positive-base rates ascending, and none when exonerated', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const t = computeTotals(input);
        if (input.exonerated) {
          expect(t.taxBreakdown).toEqual([]);
          expect(t.totalTaxes.eq(0)).toBe(true);
        }
        for (let i = 1; i < t.taxBreakdown.length; i++) {
          expect(t.taxBreakdown[i - 1].rate.lt(t.taxBreakdown[i].rate)).toBe(true);
        }
        for (const e of t.taxBreakdown) expect(e.taxedAmount.gt(0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('moves exactly the taxed amounts into exoneratedAmount when the same cart is exonerated', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const taxed = computeTotals({ ...input, exonerated: false });
        const exonerated = computeTotals({ ...input, exonerated: true });
        const taxedSum = taxed.taxBreakdown.reduce((acc, e) => acc.plus(e.taxedAmount), big(0));
        expect(exonerated.exoneratedAmount.eq(taxedSum)).toBe(true);
        expect(exonerated.exemptedAmount.eq(taxed.exemptedAmount)).toBe(true);
        expect(exonerated.total.eq(taxed.total.minus(taxed.totalTaxes))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('sets appliedDollarExchangeRate exactly when some line took a USD list price', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const t = computeTotals(input);
        const usesUsd = input.lines.some((l) => l.suppliedPrice === null && l.catalogPrice?.currency === 'USD');
        expect(t.appliedDollarExchangeRate === null ? null : t.appliedDollarExchangeRate.toString()).toBe(
          usesUsd ? input.exchangeRate.toString() : null,
        );
      }),
      { numRuns: 300 },
    );
  });
});
