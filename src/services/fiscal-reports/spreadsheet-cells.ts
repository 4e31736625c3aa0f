import type { ReportColumn } from './report-table';

/**
 * What a spreadsheet opening a CSV takes for the start of a formula: `=`, `+`, `-`, `@`, and a
 * tab or carriage return, which it may strip before reading what follows (decision 66).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** An amount or a count as the reports write them: an optional minus, digits, optional decimals. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell a spreadsheet shows as the text it is: one that would start a formula (a client
 * named `=HYPERLINK(...)`, or `-5`) gets a leading apostrophe, which spreadsheets read as
 * "text follows" and do not show. Any other text is left as written.
 */
export function neutralizedText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A cell of a CSV report, by its column's kind, never by what the value looks like: a text column
 * (a name, an RTN, a number) is text and neutralized; an amount or a count (negative ones too) is
 * written as the number it is.
 */
export function csvCellText(column: ReportColumn, value: string): string {
  return column.kind === 'text' ? neutralizedText(value) : checkedNumber(column, value);
}

/**
 * A cell of an XLSX report, by its column's kind: text is a string cell (never a formula, even
 * when it begins with `=`, and never a number, even when it is all digits), an amount or a count a
 * number cell. An amount is exact with 2 decimals, far below 2^53 cents: the double prints back
 * as written. An empty cell stays empty.
 */
export function xlsxCellValue(column: ReportColumn, value: string): string | number {
  if (column.kind === 'text') return value;
  const number = checkedNumber(column, value);
  return number === '' ? '' : Number(number);
}

/**
 * An amount or count column holds numbers only: anything else is a report built wrong, refused
 * rather than written where the rule for text would not reach it.
 */
function checkedNumber(column: ReportColumn, value: string): string {
  if (value === '' || NUMBER.test(value)) return value;
  throw new Error(`report column "${column.header}" holds ${column.kind}s, but a row gave it something else`);
}

/** A CSV cell read back: the apostrophe neutralizedText put before a formula's start is taken off. */
export function restoredText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
