import { parseInvoiceSearch, parseSearchTerm } from '../../src/domain/invoice-search-terms';

describe('what an invoice search for q looks for', () => {
  it.each([
    ['', { kind: 'all' }],
    ['   ', { kind: 'all' }],
    ['123', { kind: 'number', sequence: 123, suffix: '00000123' }],
    ['00000123', { kind: 'number', sequence: 123, suffix: '00000123' }],
    ['01-123', { kind: 'number', sequence: 123, suffix: '01-00000123' }],
    ['002-01-00000123', { kind: 'number', sequence: 123, suffix: '002-01-00000123' }],
    ['001-002-01-00000123', { kind: 'number', sequence: 123, suffix: '001-002-01-00000123' }],
    ['08011990123456', { kind: 'rtn', rtn: '08011990123456' }],
    ['0801-1990-123456', { kind: 'rtn', rtn: '08011990123456' }],
    ['  Ferretería   López ', { kind: 'name', text: 'Ferretería López' }],
    ['Ferretería 2000', { kind: 'name', text: 'Ferretería 2000' }],
  ])('%j is %j', (q, term) => {
    expect(parseSearchTerm(q)).toEqual(term);
  });

  it.each(['123456789', '0801199012345', '080119901234567', '002-00000123', '1-2-3', '%%', 'é'])('refuses %j', (q) => {
    expect(() => parseSearchTerm(q)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }) as Error);
  });

  it('takes the first page and no period by default, empty form fields as not given', () => {
    expect(parseInvoiceSearch({ q: '', from: '', to: '', page: '' })).toEqual({
      term: { kind: 'all' },
      from: null,
      to: null,
      page: 1,
      annulled: null,
    });
    expect(parseInvoiceSearch({ from: '2026-03-01', to: '2026-03-01', page: '7' })).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-01',
      page: 7,
    });
  });
});
