import Big from 'big.js';
import { decimalProblem, parseDecimal } from '../../src/domain/decimal-rule';

describe('parseDecimal', () => {
  it.each([
    [12.5, '12.5'],
    ['12.50', '12.5'],
    [' -3 ', '-3'],
    [0, '0'],
  ])('reads %p as %s', (value, expected) => {
    expect(parseDecimal(value)?.toString()).toBe(expected);
  });

  it.each([Infinity, NaN, '1e3', '12,50', '', '.5', 'diez', null, true, {}])('refuses %p', (value) => {
    expect(parseDecimal(value)).toBeNull();
  });
});

describe('decimalProblem', () => {
  const quantity = { scale: 4, greaterThan: 0, atMost: 1_000_000 };
  const column = { scale: 4, atLeast: 0, lessThan: 1e14 };

  it.each([
    ['0', quantity, 'must be greater than 0'],
    ['-0.00001', quantity, 'must be greater than 0'], // the lower bound is reported before the decimals
    ['1.00001', quantity, 'must have at most 4 decimals'],
    ['1000000.0001', quantity, 'must be at most 1000000'],
    ['-0.01', column, 'must be at least 0'],
    ['100000000000000', column, 'must be less than 100000000000000'],
  ])('refuses %s', (value, rule, problem) => {
    expect(decimalProblem(new Big(value), rule)).toBe(problem);
  });

  it.each([
    ['0.0001', quantity],
    ['1000000', quantity],
    ['1.50000', quantity], // trailing zeros are not decimals
    ['0', column],
    ['99999999999999.9999', column],
  ])('takes %s', (value, rule) => {
    expect(decimalProblem(new Big(value), rule)).toBeNull();
  });
});
