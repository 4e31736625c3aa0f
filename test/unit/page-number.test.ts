import { readPageNumber } from '../../src/domain/page-number';
import { MAX_SEARCH_PAGE, parseInvoiceSearch } from '../../src/domain/invoice-search-terms';
import { parseClientListQuery } from '../../src/http/schemas/client.schema';

describe("readPageNumber: a page from 1 to the caller's last", () => {
  it.each([
    ['1', 1],
    ['7', 7],
    ['2000', 2000],
    ['007', 7],
  ])('reads %j as page %d', (raw, page) => {
    expect(readPageNumber(raw, 2000)).toEqual({ page });
  });

  it.each(['', '0', '000', '-1', '+1', '1.5', '1e3', ' 1', 'dos', '0x10', '١'])('refuses %j as not a page', (raw) => {
    expect(readPageNumber(raw, 2000)).toEqual({ refused: 'not-a-page' });
  });

  it("refuses a page past the caller's last, and takes the last itself", () => {
    expect(readPageNumber('2001', 2000)).toEqual({ refused: 'past-last' });
    expect(readPageNumber('99999999999999999999999', 2_147_483_647)).toEqual({ refused: 'past-last' });
    expect(readPageNumber('2147483647', 2_147_483_647)).toEqual({ page: 2_147_483_647 });
  });

  it("keeps the invoice search's two wordings", () => {
    expect(() => parseInvoiceSearch({ q: 'ACME', page: '0' })).toThrow('page: "0" is not a page number (1, 2, 3...)');
    expect(() => parseInvoiceSearch({ q: 'ACME', page: String(MAX_SEARCH_PAGE + 1) })).toThrow(
      `page ${MAX_SEARCH_PAGE + 1} is past the last page a search shows (${MAX_SEARCH_PAGE}): narrow it with from and to`,
    );
    expect(parseInvoiceSearch({ q: 'ACME', page: '3' }).page).toBe(3);
  });
});

describe("the API's client list query", () => {
  it('keeps its wording for either parameter, past its bound or not a number', () => {
    expect(() => parseClientListQuery({ page: '2147483648', limit: '1' })).toThrow('page must be an integer from 1 to 2147483647.');
    expect(() => parseClientListQuery({ page: '1', limit: 'x' })).toThrow('limit must be an integer from 1 to 2147483647.');
    expect(() => parseClientListQuery({ page: ['1', '2'], limit: '1' })).toThrow('page must be an integer from 1 to 2147483647.');
    expect(parseClientListQuery({ page: '2', limit: '10' })).toEqual({ page: 2, limit: 10 });
    expect(parseClientListQuery({ page: '2' })).toBeUndefined();
  });
});
