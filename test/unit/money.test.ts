import Big from 'big.js';
import { decimalPlaces, round2, round4, sum, toBig, toNumber, ZERO } from '../../src/domain/money';

describe('round2 / round4', () => {
  it.each([
    ['1.005', '1.01'], // .5 at the third decimal goes up
    ['1.0049999', '1'],
    ['2.675', '2.68'], // a float would give 2.67; Big is exact
    ['-1.005', '-1.01'], // half-up means away from zero
    ['10', '10'],
  ])('round2(%s) = %s', (input, expected) => {
    expect(round2(new Big(input)).toString()).toBe(expected);
  });

  it.each([
    ['0.00245', '0.0025'],
    ['249.62077252', '249.6208'],
    ['1.23444999', '1.2344'],
    ['-0.00005', '-0.0001'],
  ])('round4(%s) = %s', (input, expected) => {
    expect(round4(new Big(input)).toString()).toBe(expected);
  });

  it('ignores a changed global Big.RM', () => {
    const saved = Big.RM;
    Big.RM = Big.roundDown;
    try {
      expect(round2(new Big('1.005')).toString()).toBe('1.01');
      expect(toNumber(new Big('1.005'))).toBe(1.01);
    } finally {
      Big.RM = saved;
    }
  });
});

describe('toBig', () => {
  it('parses strings, numbers and Big values', () => {
    expect(toBig('12.3400').toString()).toBe('12.34');
    expect(toBig(' 7.5 ').toString()).toBe('7.5');
    expect(toBig(0.1).toString()).toBe('0.1');
    const b = new Big(3);
    expect(toBig(b)).toBe(b);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', '1,5'])('rejects %p with a TypeError', (value) => {
    expect(() => toBig(value)).toThrow(TypeError);
  });
});

describe('decimalPlaces', () => {
  it.each([
    ['1.50', 1],
    ['100', 0],
    ['1e3', 0],
    ['0.0001', 4],
    ['12.3456', 4],
    ['0', 0],
  ])('decimalPlaces(%s) = %i', (input, expected) => {
    expect(decimalPlaces(new Big(input))).toBe(expected);
  });
});

describe('toNumber', () => {
  it('rounds amounts to 2 decimals and prices to 4 for JSON', () => {
    expect(toNumber(new Big('10.125'))).toBe(10.13);
    expect(toNumber(new Big('249.62077252'), 4)).toBe(249.6208);
    expect(toNumber(new Big('999999999999.99'))).toBe(999999999999.99);
    expect(JSON.stringify(toNumber(new Big('0.1').plus('0.2')))).toBe('0.3');
  });

  it('never yields -0', () => {
    expect(Object.is(toNumber(new Big('-0.001')), 0)).toBe(true);
  });
});

describe('sum', () => {
  it('adds exactly and is 0 for an empty list', () => {
    expect(sum([new Big('0.1'), new Big('0.2')]).toString()).toBe('0.3');
    expect(sum([])).toBe(ZERO);
  });
});
