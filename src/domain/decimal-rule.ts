import Big from 'big.js';
import { decimalPlaces } from './money';

/**
 * What a decimal given from outside (a request number, a setup-file amount) may be: at most
 * `scale` places, the scale of the column that keeps it, and within the bounds given.
 */
export interface DecimalRule {
  scale: number;
  greaterThan?: Big.BigSource;
  atLeast?: Big.BigSource;
  atMost?: Big.BigSource;
  lessThan?: Big.BigSource;
}

/** A finite number or a decimal string (`"12.50"`, no exponent), as a Big; null when it is neither. */
export function parseDecimal(value: unknown): Big | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Big(value) : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return new Big(value.trim());
  return null;
}

/**
 * A decimal as an operator writes it, or copies it from a page that printed it: `1500`, `1500.00`,
 * `1,500.00` (commas only between groups of three digits), `L 1,500.00` (the lempira sign), `-5`.
 * Null when it is none of these; the sign is kept, for the caller's rule to refuse.
 */
export function parseWrittenDecimal(text: string): Big | null {
  const match = /^(-?)\s*(?:L\.?\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/i.exec(text.trim());
  if (!match) return null;
  return new Big(`${match[1]}${match[2].replaceAll(',', '')}${match[3] ?? ''}`);
}

/**
 * Why a decimal breaks its rule, or null when it keeps it. Checked in one order for every caller:
 * the lower bound, the decimal places, then the upper bound; the reason carries no path.
 */
export function decimalProblem(value: Big, rule: DecimalRule): string | null {
  if (rule.greaterThan !== undefined && value.lte(rule.greaterThan)) return `must be greater than ${shown(rule.greaterThan)}`;
  if (rule.atLeast !== undefined && value.lt(rule.atLeast)) return `must be at least ${shown(rule.atLeast)}`;
  if (decimalPlaces(value) > rule.scale) return `must have at most ${rule.scale} decimals`;
  if (rule.atMost !== undefined && value.gt(rule.atMost)) return `must be at most ${shown(rule.atMost)}`;
  if (rule.lessThan !== undefined && value.gte(rule.lessThan)) return `must be less than ${shown(rule.lessThan)}`;
  return null;
}

/** Plain digits, never exponent notation (1e14 prints as 100000000000000). */
function shown(bound: Big.BigSource): string {
  return new Big(bound).toFixed();
}
