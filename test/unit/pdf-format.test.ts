import Big from 'big.js';
import { formatDecimal, formatLempiras } from '../../src/pdf/format';

describe('formatDecimal', () => {
  it.each([
    ['0', '0.00'],
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'], // half-up carries into the thousands
    ['0.005', '0.01'],
    ['-1234.5', '-1,234.50'],
    ['-0.004', '0.00'], // never "-0.00" on a fiscal document
    ['100', '100.00'],
  ])('formats %s with two decimals as %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  it('trims trailing zeros down to the minimum decimals, rounding half-up at the maximum', () => {
    expect(formatDecimal('24.6512', 2, 4)).toBe('24.6512');
    expect(formatDecimal('24.65', 2, 4)).toBe('24.65');
    expect(formatDecimal('3', 0, 4)).toBe('3');
    expect(formatDecimal('1.5', 0, 4)).toBe('1.5');
    expect(formatDecimal('1.23456', 0, 4)).toBe('1.2346');
    expect(formatDecimal('1234.00005', 0, 4)).toBe('1,234.0001');
  });

  it('accepts numbers and big.js values exactly as decimal strings', () => {
    expect(formatDecimal(0.1 + 0.2)).toBe('0.30');
    expect(formatDecimal(new Big('2500016.07'))).toBe('2,500,016.07');
    expect(formatDecimal(1e21)).toBe('1,000,000,000,000,000,000,000.00');
  });

  it('refuses what is not a decimal number', () => {
    expect(() => formatDecimal('12,5')).toThrow(TypeError);
    expect(() => formatDecimal('abc')).toThrow('Not a decimal number: abc');
  });
});

describe('formatLempiras', () => {
  it('writes amounts the Honduran way: "L", a space, comma thousands and two decimals', () => {
    expect(formatLempiras('1234.56')).toBe('L 1,234.56');
    expect(formatLempiras(0)).toBe('L 0.00');
    expect(formatLempiras('2311500')).toBe('L 2,311,500.00');
    expect(formatLempiras('10.655')).toBe('L 10.66');
  });

  it('prints a stored total (a DECIMAL string of two decimals) under a thousand exactly as stored, as the CLI did', () => {
    expect(formatLempiras('120.75')).toBe('L 120.75');
    expect(formatLempiras('86.25')).toBe('L 86.25');
    expect(formatLempiras('999.99')).toBe('L 999.99');
    expect(formatLempiras('1000.00')).toBe('L 1,000.00');
  });
});
