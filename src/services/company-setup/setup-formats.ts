import Big from 'big.js';
import * as yup from 'yup';
import { closedObject as anyClosedObject } from '../../validation/closed-object';
import { decimalPlaces } from '../../domain/money';
import type { Amount } from './setup-document';
import { isCalendarDate } from '../../domain/calendar-date';

/**
 * Field builders for the setup schema. Messages carry no path: the schema's caller prefixes each
 * one with the path of the bad entry, so every problem reads `<path>: <reason>`.
 */

/** A free text field. Codes and numbers-looking text must be quoted in YAML to stay strings. */
export function text(max: number) {
  return yup.string().typeError('must be a string').nonNullable('must not be null').max(max, `must be at most ${max} characters`);
}

/** A text that must say something (names). */
export function nonEmptyText(max: number) {
  return text(max).matches(/\S/, 'must not be empty');
}

/** An entry's code: no surrounding spaces, so `CAJA1` and `CAJA1 ` cannot both exist. */
export function code(max = 64) {
  return text(max).matches(/^\S(.*\S)?$/, { message: 'must be a non-empty code without surrounding spaces', excludeEmptyString: false });
}

/** Exactly `n` digits as a string; YAML reads unquoted digits as a number, hence the hint. */
export function digits(n: number, example: string) {
  return yup
    .string()
    .typeError(`must be ${n} digits in quotes, e.g. "${example}"`)
    .nonNullable('must not be null')
    .matches(new RegExp(`^\\d{${n}}$`), `must be exactly ${n} digits, e.g. "${example}"`);
}

export function calendarDate() {
  return yup
    .string()
    .typeError('must be a date YYYY-MM-DD')
    .nonNullable('must not be null')
    .test('calendar-date', 'must be a real calendar date YYYY-MM-DD', (v) => v === undefined || isCalendarDate(v));
}

export interface AmountRules {
  /** Decimal places the column keeps. */
  scale: number;
  /** Exclusive bound of the absolute value, from the column's precision. */
  below: number;
  /** Refuse values under zero. */
  nonNegative?: boolean;
  /** Refuse zero and values under it. */
  positive?: boolean;
}

/** Parses a number or a decimal string; null when it is neither. */
export function parseAmount(value: unknown): Big | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Big(value) : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return new Big(value.trim());
  return null;
}

/** Why an amount breaks its rules, or null when it keeps them. */
export function amountProblem(value: unknown, rules: AmountRules): string | null {
  const amount = parseAmount(value);
  if (amount === null) return 'must be a number or a decimal string such as "12.50"';
  if (decimalPlaces(amount) > rules.scale) return `must have at most ${rules.scale} decimals`;
  if (rules.positive && amount.lte(0)) return 'must be greater than 0';
  if (rules.nonNegative && amount.lt(0)) return 'must not be negative';
  if (amount.abs().gte(rules.below)) return `must be less than ${rules.below}`;
  return null;
}

export function amount(rules: AmountRules) {
  return yup
    .mixed<Amount>()
    .nonNullable('must not be null')
    .test('amount', function check(value) {
      if (value === undefined || value === null) return true;
      const problem = amountProblem(value, rules);
      return problem === null ? true : this.createError({ message: problem });
    });
}

/** The decimal string a DECIMAL(p, scale) column returns, so a re-apply compares equal. */
export function toDecimalString(value: Amount, scale: number): string {
  const fixed = new Big(typeof value === 'string' ? value.trim() : value).toFixed(scale, Big.roundHalfUp);
  // -0 and 0 are the same amount; the database prints it without the sign.
  return /^-0(\.0+)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

export function wholeNumber(min: number, max: number) {
  return yup
    .number()
    .typeError('must be a whole number')
    .nonNullable('must not be null')
    .integer('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

export function flag() {
  return yup.boolean().typeError('must be true or false').nonNullable('must not be null');
}

/**
 * Required on a live entry; a `deleted: true` entry needs only its key. Runs on absent values
 * too, which built-in rules skip.
 */
export function requiredUnlessDeleted<S extends yup.Schema>(schema: S): S {
  return schema.test('required-unless-deleted', 'is required', function check(value: unknown) {
    return value !== undefined || (this.parent as { deleted?: unknown } | undefined)?.deleted === true;
  });
}

/** An object that refuses keys it does not declare, each reported at its own path. */
export function closedObject<T extends yup.ObjectShape>(shape: T) {
  return anyClosedObject(shape, {
    notAnObject: () => 'must be a mapping of keys to values',
    unknownKeys: (_path, _unknown, known) => `unknown key (expected one of: ${known.join(', ')})`,
    perKey: true,
  }).nonNullable('must not be null');
}

/** A list of entries; an absent list leaves that part of the setup as it is. */
export function list<S extends yup.Schema>(entry: S) {
  return yup.array().of(entry).typeError('must be a list').nonNullable('must not be null');
}
