import Big from 'big.js';
import * as yup from 'yup';
import { closedObject as anyClosedObject } from '../../../validation/closed-object';
import { DecimalRule, decimalProblem, parseDecimal } from '../../../domain/decimal-rule';
import { decimalBound, DecimalColumn } from '../../../domain/decimal-columns';
import { isCalendarDate } from '../../../domain/calendar-date';
import { isValidRtn } from '../../../domain/rtn';
import { isVerificationBase, MAX_VERIFICATION_BASE_LENGTH } from '../../../domain/verification-token';

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

/** The base of the verification addresses a company's documents print (decision 70). */
export function verificationBase() {
  return text(MAX_VERIFICATION_BASE_LENGTH).test(
    'verification-base',
    'must be an absolute http:// or https:// address such as "https://verifica.example.hn" (no query, no fragment)',
    (v) => v === undefined || v === null || isVerificationBase(v),
  );
}

/** An RTN: its 14 digits, then the rule every RTN is held to (src/domain/rtn.ts). */
export function rtn() {
  return digits(14, '08019999123456').test(
    'rtn',
    'is not an RTN: fourteen equal digits',
    (v) => typeof v !== 'string' || !/^\d{14}$/.test(v) || isValidRtn(v),
  );
}

export function calendarDate() {
  return yup
    .string()
    .typeError('must be a date YYYY-MM-DD')
    .nonNullable('must not be null')
    .test('calendar-date', 'must be a real calendar date YYYY-MM-DD', (v) => v === undefined || isCalendarDate(v));
}

/** A number or a decimal string, as the file gave it; normalised when written. */
export type Amount = number | string;

/**
 * What a DECIMAL column can hold, at or above a lower bound the field may raise
 * (`{ atLeast: 0 }`, `{ greaterThan: 0 }`).
 */
export function fitsColumn(column: DecimalColumn, lower?: Pick<DecimalRule, 'atLeast' | 'greaterThan'>): DecimalRule {
  const bound = decimalBound(column);
  return { scale: column.scale, ...(lower ?? { greaterThan: -bound }), lessThan: bound };
}

export function amount(rule: DecimalRule) {
  return yup
    .mixed<Amount>()
    .nonNullable('must not be null')
    .test('amount', function check(value) {
      if (value === undefined || value === null) return true;
      const parsed = parseDecimal(value);
      const problem = parsed === null ? 'must be a number or a decimal string such as "12.50"' : decimalProblem(parsed, rule);
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

/**
 * One of a fixed set of words, e.g. `must be HNL or USD`. A mixed schema, so a value of another
 * type (a number) fails the one check and is reported once.
 */
export function choice<T extends string>(values: readonly T[]) {
  const words = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join('');
  return yup.mixed<T>().nonNullable('must not be null').oneOf(values, `must be ${words}`);
}

export function flag() {
  return yup.boolean().typeError('must be true or false').nonNullable('must not be null');
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
export function list<T>(entry: yup.ISchema<T>) {
  return yup.array().of(entry).typeError('must be a list').nonNullable('must not be null');
}

/**
 * An entry of a keyed list: live, with every field `fields` requires, or `deleted: true`, which
 * needs only the `key` fields (any other field given must still be well formed). The two forms
 * are two schemas, so the document's type tells them apart by `deleted` as the checks do.
 */
export function keyed<K extends yup.ObjectShape, F extends yup.ObjectShape>(key: K, fields: F) {
  const live = closedObject({ ...key, ...fields, deleted: flag().isFalse() });
  const deleted = live.partial().shape({ ...key, deleted: flag().isTrue().defined() });
  return yup.lazy((value: unknown) => (isMarkedDeleted(value) ? deleted : live));
}

function isMarkedDeleted(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'deleted' in value && value.deleted === true;
}
