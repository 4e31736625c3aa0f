import Big from 'big.js';

export type DecimalInput = Big | string | number;

export const ZERO = new Big(0);

/** @throws TypeError when the value is not a finite decimal. */
export function toBig(value: DecimalInput): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`Not a finite number: ${value}`);
  }
  // String() here rather than in Big, which refuses numbers if someone turns on Big.strict.
  const text = typeof value === 'number' ? String(value) : value.trim();
  try {
    return new Big(text);
  } catch {
    throw new TypeError(`Not a decimal number: ${String(value)}`);
  }
}

// Rounding mode passed explicitly so a changed global Big.RM cannot alter money.
export function round2(value: Big): Big {
  return value.round(2, Big.roundHalfUp);
}

export function round4(value: Big): Big {
  return value.round(4, Big.roundHalfUp);
}

/** Trailing zeros do not count: 1.50 -> 1. */
export function decimalPlaces(value: Big): number {
  return Math.max(0, value.c.length - 1 - value.e);
}

/** JSON output: amounts with 2 decimals, unitPrice and quantity with 4. */
export function toNumber(value: Big, decimals: 2 | 4 = 2): number {
  // "+ 0" folds -0 (from e.g. -0.001) into 0, which JSON would print as 0 anyway.
  return Number(value.toFixed(decimals, Big.roundHalfUp)) + 0;
}

export function sum(values: readonly Big[]): Big {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}
