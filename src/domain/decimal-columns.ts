/**
 * Every DECIMAL column's shape, in one table used by the entities, by new migrations, by the API's
 * request schema and by the checks of `admin apply` (decision 1). Plain data, so it lives in the
 * domain: the HTTP adapter may read it without depending on the entities. Catalog amounts, quantities and unit prices keep 4
 * decimals; what an invoice charges is rounded to cents (decision 2); rates and percents keep 4.
 */
export const DECIMAL_COLUMNS = {
  amount: { precision: 18, scale: 4 },
  money: { precision: 18, scale: 2 },
  rate: { precision: 9, scale: 4 },
} as const;

export type DecimalColumn = (typeof DECIMAL_COLUMNS)[keyof typeof DECIMAL_COLUMNS];

/** The exclusive bound of a column's absolute value (10 to the number of integer digits). */
export function decimalBound(column: DecimalColumn): number {
  return 10 ** (column.precision - column.scale);
}
