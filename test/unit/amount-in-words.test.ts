import Big from 'big.js';
import { amountInWords } from '../../src/domain/amount-in-words';

describe('amountInWords', () => {
  it.each<[string | number, string]>([
    // the examples of decision 5
    [1, 'UN LEMPIRA CON 00/100'],
    [21, 'VEINTIÚN LEMPIRAS CON 00/100'],
    [0.5, 'CERO LEMPIRAS CON 50/100'],
    [1150.5, 'MIL CIENTO CINCUENTA LEMPIRAS CON 50/100'],
    [1000000, 'UN MILLÓN DE LEMPIRAS CON 00/100'],
    ['2500016.07', 'DOS MILLONES QUINIENTOS MIL DIECISÉIS LEMPIRAS CON 07/100'],
    // small numbers and apocope before the currency
    [0, 'CERO LEMPIRAS CON 00/100'],
    [31, 'TREINTA Y UN LEMPIRAS CON 00/100'],
    [100, 'CIEN LEMPIRAS CON 00/100'],
    [101, 'CIENTO UN LEMPIRAS CON 00/100'],
    [115, 'CIENTO QUINCE LEMPIRAS CON 00/100'],
    [200, 'DOSCIENTOS LEMPIRAS CON 00/100'],
    [500, 'QUINIENTOS LEMPIRAS CON 00/100'],
    [700, 'SETECIENTOS LEMPIRAS CON 00/100'],
    [900, 'NOVECIENTOS LEMPIRAS CON 00/100'],
    // 16-29 are single accented words
    [16, 'DIECISÉIS LEMPIRAS CON 00/100'],
    [22, 'VEINTIDÓS LEMPIRAS CON 00/100'],
    [23, 'VEINTITRÉS LEMPIRAS CON 00/100'],
    [26, 'VEINTISÉIS LEMPIRAS CON 00/100'],
    [29, 'VEINTINUEVE LEMPIRAS CON 00/100'],
    [99, 'NOVENTA Y NUEVE LEMPIRAS CON 00/100'],
    // thousands: MIL, never UN MIL; apocope before MIL
    [1000, 'MIL LEMPIRAS CON 00/100'],
    [1001, 'MIL UN LEMPIRAS CON 00/100'],
    [21000, 'VEINTIÚN MIL LEMPIRAS CON 00/100'],
    [31000, 'TREINTA Y UN MIL LEMPIRAS CON 00/100'],
    [100000, 'CIEN MIL LEMPIRAS CON 00/100'],
    [101000, 'CIENTO UN MIL LEMPIRAS CON 00/100'],
    [999999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE LEMPIRAS CON 00/100'],
    // millions: DE only after a round MILLÓN/MILLONES
    [1000001, 'UN MILLÓN UN LEMPIRAS CON 00/100'],
    [2000000, 'DOS MILLONES DE LEMPIRAS CON 00/100'],
    [21000000, 'VEINTIÚN MILLONES DE LEMPIRAS CON 00/100'],
    [1100000, 'UN MILLÓN CIEN MIL LEMPIRAS CON 00/100'],
    ['1000000.50', 'UN MILLÓN DE LEMPIRAS CON 50/100'],
    [1000000000, 'MIL MILLONES DE LEMPIRAS CON 00/100'],
    [1001000000, 'MIL UN MILLONES DE LEMPIRAS CON 00/100'],
    [21000000000, 'VEINTIÚN MIL MILLONES DE LEMPIRAS CON 00/100'],
    [
      '999999999999.99',
      'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES ' +
        'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE LEMPIRAS CON 99/100',
    ],
    // cents
    ['0.01', 'CERO LEMPIRAS CON 01/100'],
    ['5.99', 'CINCO LEMPIRAS CON 99/100'],
    ['1.50', 'UN LEMPIRA CON 50/100'], // the noun agrees with UN; cents are a fraction of it
  ])('%p -> %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('accepts Big values', () => {
    expect(amountInWords(new Big('574.13'))).toBe('QUINIENTOS SETENTA Y CUATRO LEMPIRAS CON 13/100');
  });

  it('rounds to cents half-up first', () => {
    // 0.995 -> 1.00; 20.994 -> 20.99; 999999.995 -> 1000000.00
    expect(amountInWords('0.995')).toBe('UN LEMPIRA CON 00/100');
    expect(amountInWords('20.994')).toBe('VEINTE LEMPIRAS CON 99/100');
    expect(amountInWords('999999.995')).toBe('UN MILLÓN DE LEMPIRAS CON 00/100');
  });

  it.each<string | number>([-1, '-0.001', '999999999999.995', 1e12, Number.NaN])('rejects %p', (amount) => {
    expect(() => amountInWords(amount)).toThrow(Number.isNaN(amount) ? TypeError : RangeError);
  });
});
