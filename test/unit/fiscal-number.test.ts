import { formatFiscalNumber, maskCai } from '../../src/domain/fiscal-number';

describe('formatFiscalNumber', () => {
  it('prints EEE-PPP-01-NNNNNNNN', () => {
    expect(formatFiscalNumber('000', '001', 'invoice', 42)).toBe('000-001-01-00000042');
    expect(formatFiscalNumber('123', '456', 'invoice', 99_999_999)).toBe('123-456-01-99999999');
  });

  it('pads short codes to 3 digits', () => {
    expect(formatFiscalNumber('1', '02', 'invoice', 1)).toBe('001-002-01-00000001');
  });

  it.each([
    ['1234', '001', 1],
    ['A01', '001', 1],
    ['000', '', 1],
    ['000', '001', -1],
    ['000', '001', 1.5],
    ['000', '001', 100_000_000],
  ])('rejects (%p, %p, %p)', (establishment, point, n) => {
    expect(() => formatFiscalNumber(establishment, point, 'invoice', n)).toThrow(RangeError);
  });
});

describe('maskCai', () => {
  const cai = '35BD6A-6C3F4B-A745E0-63BE03-0909C7-7C';

  it('replaces every letter and digit with X and keeps the dashes', () => {
    expect(maskCai(cai)).toBe('XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX-XX');
  });

  it('leaves no digit of the real CAI', () => {
    expect(maskCai(cai)).not.toMatch(/\d/);
    expect(maskCai('')).toBe('');
  });
});
