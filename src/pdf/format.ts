import Big from 'big.js';
import { toBig, type DecimalInput } from '../domain/money';

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats a decimal with comma thousands separators and between `minDecimals` and
 * `maxDecimals` decimals (rounded half-up to `maxDecimals`, trailing zeros trimmed down
 * to `minDecimals`). Pure decimal arithmetic: no float ever touches the value.
 */
export function formatDecimal(value: DecimalInput, minDecimals = 2, maxDecimals = minDecimals): string {
  const fixed = toBig(value).round(maxDecimals, Big.roundHalfUp).toFixed(maxDecimals);
  const negative = fixed.startsWith('-');
  const [integerPart, rawFraction = ''] = (negative ? fixed.slice(1) : fixed).split('.');
  let fraction = rawFraction;
  while (fraction.length > minDecimals && fraction.endsWith('0')) {
    fraction = fraction.slice(0, -1);
  }
  // "-0.00" would read as a negative amount on a fiscal document.
  const isZero = /^0*$/.test(integerPart + fraction);
  const sign = negative && !isZero ? '-' : '';
  return sign + groupThousands(integerPart) + (fraction ? `.${fraction}` : '');
}

/** Honduran money style: "L 1,234.56" (half-up to cents). */
export function formatLempiras(value: DecimalInput): string {
  return `L ${formatDecimal(value, 2)}`;
}
