import {
  catalogDocument,
  catalogSheet,
  sheetChanges,
  sheetProblems,
  type CatalogSections,
} from '../../src/services/company/setup/catalog-sheet';
import { readCsv } from '../../src/services/fiscal-reports/table-readers';

const CATALOG: CatalogSections = {
  products: [
    { code: 'P-A', name: 'Arroz', isvRate: '15.0000', exempt: false },
    { code: 'P-L', name: 'Leche', exempt: true },
  ],
  priceLists: [{ code: 'GENERAL', prices: [{ product: 'P-A', price: '100.0000', currency: 'HNL', discountPolicy: 'PROMO' }] }],
  productMappings: [
    { externalProductId: 'SKU-1', product: 'P-A' },
    { externalProductId: 'SKU-2', product: 'P-A' },
  ],
};

function table(): string[][] {
  const sheet = catalogSheet(CATALOG);
  return [sheet.columns.map((c) => c.header), ...sheet.rows];
}

function uploaded(rows: string[][]) {
  const read = catalogDocument('ACME', rows, CATALOG);
  if (!('upload' in read)) throw new Error(JSON.stringify(read.problems));
  return read.upload;
}

describe('the catalog sheet', () => {
  it('writes a product a row: its fields, its price in each list and its ids', () => {
    expect(table()).toEqual([
      [
        'code',
        'name',
        'isvRate',
        'exempt',
        'exemptPerUnit',
        'price GENERAL',
        'currency GENERAL',
        'discountPolicy GENERAL',
        'externalProductIds',
      ],
      ['P-A', 'Arroz', '15.0000', 'false', '', '100.0000', 'HNL', 'PROMO', 'SKU-1; SKU-2'],
      ['P-L', 'Leche', '', 'true', '', '', '', '', ''],
    ]);
  });

  it('reads the sheet as it was written into a document that names every product and nothing to delete', () => {
    const { document } = uploaded(table());
    expect(document).toEqual({
      company: { code: 'ACME' },
      products: [
        { code: 'P-A', name: 'Arroz', isvRate: '15.0000', exempt: false, exemptPerUnit: null },
        { code: 'P-L', name: 'Leche', isvRate: null, exempt: true, exemptPerUnit: null },
      ],
      priceLists: [{ code: 'GENERAL', prices: [{ product: 'P-A', price: '100.0000', currency: 'HNL', discountPolicy: 'PROMO' }] }],
      productMappings: [],
    });
  });

  it('deletes a product taken out, a price emptied and an id taken out, and maps an id added', () => {
    const rows = table().slice(0, 2);
    rows[1][5] = '';
    rows[1][8] = 'SKU-2;SKU-3';
    const { document, origins } = uploaded(rows);
    expect(document.products).toContainEqual({ code: 'P-L', deleted: true });
    expect(document.priceLists).toEqual([{ code: 'GENERAL', prices: [{ product: 'P-A', deleted: true }] }]);
    expect(document.productMappings).toEqual([
      { externalProductId: 'SKU-3', product: 'P-A' },
      { externalProductId: 'SKU-1', product: 'P-A', deleted: true },
    ]);
    expect(
      sheetChanges(
        [
          { action: 'delete', path: 'products[1]', entry: 'product P-L' },
          { action: 'delete', path: 'priceLists[0].prices[0]', entry: 'price P-A in GENERAL' },
        ],
        origins,
      ),
    ).toEqual([
      { row: 2, code: 'P-A', kind: 'changed', entries: ['delete price P-A in GENERAL'] },
      { code: 'P-L', kind: 'removed', entries: ['delete product P-L'] },
    ]);
  });

  it('names the setup problems by row and column, and refuses unknown or missing columns', () => {
    const { origins } = uploaded(table());
    expect(
      sheetProblems(
        ['priceLists[0].prices[0].discountPolicy: unknown discount policy PROMO', 'products[1].name: must not be empty'],
        origins,
      ),
    ).toEqual([
      { row: 2, column: 'discountPolicy GENERAL', message: 'unknown discount policy PROMO' },
      { row: 3, column: 'name', message: 'must not be empty' },
    ]);
    expect(catalogDocument('ACME', [['code', 'price OTRA', 'color']], CATALOG)).toEqual({
      problems: [
        { row: 1, column: 'price OTRA', message: 'unknown price list OTRA' },
        { row: 1, column: 'color', message: 'unknown column' },
        { row: 1, column: 'name', message: 'the column is missing' },
      ],
    });
  });

  it('reads a CSV back as the writer wrote it: quotes, a BOM, and the apostrophe before a formula taken off', () => {
    expect(readCsv('\uFEFFcode,name\r\nP-1,"Arroz, 5 lb ""extra"""\r\nP-2,\'=HYPERLINK(1)\r\n')).toEqual([
      ['code', 'name'],
      ['P-1', 'Arroz, 5 lb "extra"'],
      ['P-2', '=HYPERLINK(1)'],
    ]);
  });
});
