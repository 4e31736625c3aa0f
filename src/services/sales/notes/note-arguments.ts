/**
 * The operator's note arguments, checked alike whether they come from the CLI's options or the
 * console's form fields; `option` names the one refused, as the caller calls it.
 */
import Big from 'big.js';
import { AppError } from '../../../domain/app-error';
import { decimalProblem, parseWrittenDecimal } from '../../../domain/decimal-rule';
import type { CreditRequest } from '../../../domain/notes/credit-note';
import { parseShortText } from '../../../domain/operator-arguments';

/** Amounts: > 0, at most 2 decimals, at most 999,999,999.99. */
const AMOUNT_RULE = { scale: 2, greaterThan: 0, atMost: '999999999.99' };
/** Quantities: > 0, at most 4 decimals, at most 1,000,000. */
const QUANTITY_RULE = { scale: 4, greaterThan: 0, atMost: 1_000_000 };

/** A number as written or as printed (`1,500.00`, `L 1,500.00`); a negative one is refused by the rule's lower bound. */
function decimalOption(value: string, option: string, rule: typeof AMOUNT_RULE | typeof QUANTITY_RULE): Big {
  const number = parseWrittenDecimal(value);
  if (number === null) throw new AppError('VALIDATION_FAILED', `${option} must be a number, got "${value}"`);
  const problem = decimalProblem(number, rule);
  if (problem) throw new AppError('VALIDATION_FAILED', `${option} ${problem}, got "${value}"`);
  return number;
}

export function parseAmount(value: string, option = '--amount'): Big {
  return decimalOption(value, option, AMOUNT_RULE);
}

export function parseQuantity(value: string, option = '--quantity'): Big {
  return decimalOption(value, option, QUANTITY_RULE);
}

/** An ISV rate of the configured set (15, 18 ...) or `exempt` (null). */
export function parseRate(value: string, allowed: readonly string[], option = '--rate'): Big | null {
  const text = value.trim().replace(/%$/, '');
  if (text.toLowerCase() === 'exempt') return null;
  const rates = allowed.map((r) => new Big(r)).filter((r) => r.gt(0));
  const rate = /^\d+(\.\d+)?$/.test(text) ? new Big(text) : null;
  if (!rate || !rates.some((r) => r.eq(rate))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${option} must be one of ${[...rates.map((r) => r.toString()), 'exempt'].join(', ')}, got "${value}"`,
    );
  }
  return rate;
}

/** `LINE:QTY[,LINE:QTY...]`: invoice line positions (1-based) and returned quantities. */
export function parseReturns(value: string): Extract<CreditRequest, { kind: 'return' }>['returns'] {
  return value.split(',').map((part) => {
    const match = /^\s*(\d+)\s*:\s*([^\s]+)\s*$/.exec(part);
    if (!match || Number(match[1]) < 1)
      throw new AppError(
        'VALIDATION_FAILED',
        `--return must be LINE:QTY[,LINE:QTY...] with LINE the invoice line's position (1, 2 ...), got "${value}"`,
      );
    return { position: Number(match[1]), quantity: parseQuantity(match[2], `--return quantity of line ${match[1]}`) };
  });
}

/** An emission point written EEE-PPP. */
export function parseEmissionPoint(value: string, option = '--emission-point'): string {
  if (!/^\d{3}-\d{3}$/.test(value)) throw new AppError('VALIDATION_FAILED', `${option} must be EEE-PPP (e.g. 000-002), got "${value}"`);
  return value;
}

/** An idempotency key: 1..255 characters. */
export function parseKey(value: string, option = '--key'): string {
  if (value.length < 1 || value.length > 255)
    throw new AppError('VALIDATION_FAILED', `${option} must be 1 to 255 characters, got ${value.length}`);
  return value;
}

/** A line's text (a debit note's description): 1..255 characters after trimming. */
export function parseDescription(value: string, option = '--description'): string {
  return parseShortText(value, option);
}
