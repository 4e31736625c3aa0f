import type { SetupChange } from './setup-changes';

/**
 * The catalog as one table, a product a row (decision 77): its fields, its price in each price
 * list (three columns a list: price, currency, discount policy) and the ids callers send for it.
 * Downloaded as XLSX or CSV, edited, and uploaded again: the table becomes a setup document that
 * the setup service checks and applies as it would a file, so the sheet has no rules of its own
 * beyond the reading of its cells.
 *
 * Reading an uploaded table, against the company's current catalog:
 * - a row whose code is stored updates that product; a new code creates one; a stored product with
 *   no row is deleted (soft, as `deleted: true` does);
 * - an empty isvRate or exemptPerUnit clears it, exempt is `true` or `false` (empty: false);
 * - a price cell set sets the price (currency empty: HNL, discount policy empty: none); an empty one
 *   deletes the stored price; a list without columns is left as it is;
 * - externalProductIds lists the ids mapped to the product, separated by `;`: ids added are mapped,
 *   ids taken out are unmapped.
 */
export type CatalogColumnKind = 'text' | 'amount';

export interface CatalogColumn {
  header: string;
  kind: CatalogColumnKind;
  width?: number;
}

export interface CatalogSheet {
  columns: CatalogColumn[];
  rows: string[][];
}

/** The setup document's catalog sections, as `SetupExport` writes them. */
export interface CatalogSections {
  products?: Record<string, unknown>[];
  priceLists?: { code: string; prices?: Record<string, unknown>[] }[];
  productMappings?: { externalProductId: string; product: string }[];
}

const PRODUCT_COLUMNS: CatalogColumn[] = [
  { header: 'code', kind: 'text', width: 16 },
  { header: 'name', kind: 'text', width: 40 },
  { header: 'isvRate', kind: 'amount' },
  { header: 'exempt', kind: 'text' },
  { header: 'exemptPerUnit', kind: 'amount' },
];
const IDS_HEADER = 'externalProductIds';
const ID_SEPARATOR = ';';
const LIST_FIELDS = ['price', 'currency', 'discountPolicy'] as const;
type ListField = (typeof LIST_FIELDS)[number];

const listHeader = (field: ListField, list: string) => `${field} ${list}`;

function cell(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The catalog table of a company's current catalog. */
export function catalogSheet(catalog: CatalogSections): CatalogSheet {
  const lists = catalog.priceLists ?? [];
  const columns: CatalogColumn[] = [
    ...PRODUCT_COLUMNS,
    ...lists.flatMap((l) =>
      LIST_FIELDS.map((field) => ({
        header: listHeader(field, l.code),
        kind: field === 'price' ? ('amount' as const) : ('text' as const),
      })),
    ),
    { header: IDS_HEADER, kind: 'text', width: 30 },
  ];
  const prices = lists.map((l) => new Map((l.prices ?? []).map((p) => [String(p.product), p])));
  const ids = idsByProduct(catalog);
  const rows = (catalog.products ?? []).map((product) => {
    const code = String(product.code);
    return [
      ...PRODUCT_COLUMNS.map((c) => cell(c.header === 'exempt' ? (product.exempt ?? false) : product[c.header])),
      ...prices.flatMap((byProduct) => {
        const price = byProduct.get(code);
        return LIST_FIELDS.map((field) => cell(price?.[field]));
      }),
      (ids.get(code) ?? []).join(`${ID_SEPARATOR} `),
    ];
  });
  return { columns, rows };
}

function idsByProduct(catalog: CatalogSections): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const m of catalog.productMappings ?? []) ids.set(m.product, [...(ids.get(m.product) ?? []), m.externalProductId]);
  return ids;
}

/** Where an entry of the built document came from: its sheet row (1 is the header) and each field's column. */
interface Origin {
  row: number;
  code: string;
  columns: Record<string, string>;
}

/** One problem of an upload, by row and column where it has them. */
export interface SheetProblem {
  row?: number;
  column?: string;
  message: string;
}

/** What an upload changes, by sheet row: a new, changed or removed product (with its prices and mappings). */
export interface SheetRowChange {
  /** The sheet row; absent for a removed product, which has none. */
  row?: number;
  code: string;
  kind: 'new' | 'changed' | 'removed';
  /** The entries changed, as the plan names them: `update price P-ARROZ in GENERAL`. */
  entries: string[];
}

export interface CatalogUpload {
  document: Record<string, unknown>;
  origins: Map<string, Origin>;
}

/**
 * The setup document an uploaded table means for the company (`companyCode`, whose catalog is now
 * `current`), or the problems that keep the table from being read (a missing or unknown column).
 */
export function catalogDocument(
  companyCode: string,
  table: string[][],
  current: CatalogSections,
): { upload: CatalogUpload } | { problems: SheetProblem[] } {
  const [header = [], ...body] = table;
  const headers = header.map((h) => h.trim());
  const problems: SheetProblem[] = [];
  const knownLists = new Set((current.priceLists ?? []).map((l) => l.code));
  const listColumns = new Map<string, Partial<Record<ListField, number>>>();
  headers.forEach((h, i) => {
    if (PRODUCT_COLUMNS.some((c) => c.header === h) || h === IDS_HEADER || h === '') return;
    const [field, ...rest] = h.split(' ');
    const list = rest.join(' ');
    if (!(LIST_FIELDS as readonly string[]).includes(field) || list === '') {
      problems.push({ row: 1, column: h, message: 'unknown column' });
    } else if (!knownLists.has(list)) {
      problems.push({ row: 1, column: h, message: `unknown price list ${list}` });
    } else listColumns.set(list, { ...listColumns.get(list), [field]: i });
  });
  for (const required of ['code', 'name']) {
    if (!headers.includes(required)) problems.push({ row: 1, column: required, message: 'the column is missing' });
  }
  if (problems.length > 0) return { problems };

  const at = (row: string[], header: string): string => (headers.indexOf(header) < 0 ? '' : (row[headers.indexOf(header)] ?? '').trim());
  const origins = new Map<string, Origin>();
  const products: Record<string, unknown>[] = [];
  const prices = new Map<string, Record<string, unknown>[]>([...listColumns.keys()].map((l) => [l, []]));
  const mappings: Record<string, unknown>[] = [];
  const storedPrices = new Map((current.priceLists ?? []).map((l) => [l.code, new Set((l.prices ?? []).map((p) => String(p.product)))]));
  const storedIds = idsByProduct(current);
  const seen = new Set<string>();

  body.forEach((row, i) => {
    const rowNumber = i + 2;
    if (row.every((value) => value.trim() === '')) return;
    const code = at(row, 'code');
    const productColumns = Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c.header, c.header]));
    origins.set(`products[${products.length}]`, { row: rowNumber, code, columns: productColumns });
    products.push({
      code,
      name: at(row, 'name'),
      isvRate: at(row, 'isvRate') === '' ? null : at(row, 'isvRate'),
      exempt: flag(at(row, 'exempt')),
      exemptPerUnit: at(row, 'exemptPerUnit') === '' ? null : at(row, 'exemptPerUnit'),
    });
    seen.add(code);
    for (const [list, columnOf] of listColumns) {
      const value = (field: ListField) => (columnOf[field] === undefined ? '' : (row[columnOf[field]] ?? '').trim());
      const listPrices = prices.get(list)!;
      const columns = Object.fromEntries(LIST_FIELDS.map((f) => [f, listHeader(f, list)]));
      const path = `priceLists[${[...listColumns.keys()].indexOf(list)}].prices[${listPrices.length}]`;
      if (value('price') !== '') {
        origins.set(path, { row: rowNumber, code, columns: { ...columns, product: 'code' } });
        listPrices.push({
          product: code,
          price: value('price'),
          currency: value('currency') === '' ? 'HNL' : value('currency'),
          discountPolicy: value('discountPolicy') === '' ? null : value('discountPolicy'),
        });
      } else if (storedPrices.get(list)?.has(code)) {
        origins.set(path, { row: rowNumber, code, columns: { ...columns, product: 'code' } });
        listPrices.push({ product: code, deleted: true });
      }
    }
    const ids = at(row, IDS_HEADER)
      .split(ID_SEPARATOR)
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const stored = storedIds.get(code) ?? [];
    const mapping = (entry: Record<string, unknown>) => {
      origins.set(`productMappings[${mappings.length}]`, {
        row: rowNumber,
        code,
        columns: { externalProductId: IDS_HEADER, product: 'code' },
      });
      mappings.push(entry);
    };
    if (headers.includes(IDS_HEADER)) {
      for (const id of ids) if (!stored.includes(id)) mapping({ externalProductId: id, product: code });
      for (const id of stored) if (!ids.includes(id)) mapping({ externalProductId: id, product: code, deleted: true });
    }
  });
  // A stored product without a row was taken out of the sheet: it is deleted.
  for (const product of current.products ?? []) {
    const code = String(product.code);
    if (seen.has(code)) continue;
    origins.set(`products[${products.length}]`, { row: 0, code, columns: {} });
    products.push({ code, deleted: true });
  }
  const document = {
    company: { code: companyCode },
    products,
    priceLists: [...prices].map(([code, listPrices]) => ({ code, prices: listPrices })),
    productMappings: mappings,
  };
  return { upload: { document, origins } };
}

/** true and false as a sheet writes them (any case, and sí/no); anything else is left for the schema to refuse. */
function flag(value: string): unknown {
  const word = value.toLowerCase();
  if (word === '' || word === 'false' || word === 'no') return false;
  if (word === 'true' || word === 'sí' || word === 'si') return true;
  return value;
}

/** The entry and field a problem's path names, found among the upload's origins. */
function originOf(path: string, origins: Map<string, Origin>): { origin?: Origin; field: string } {
  const match = /^(.*\])(?:\.(\w+))?$/.exec(path);
  if (!match) return { field: '' };
  return { origin: origins.get(match[1]), field: match[2] ?? '' };
}

/** The setup service's problems (`<path>: <reason>`) by sheet row and column. */
export function sheetProblems(problems: readonly string[], origins: Map<string, Origin>): SheetProblem[] {
  return problems.map((problem) => {
    const split = problem.indexOf(': ');
    const [path, message] = split < 0 ? ['', problem] : [problem.slice(0, split), problem.slice(split + 2)];
    const { origin, field } = originOf(path, origins);
    if (!origin) return { message: problem };
    if (origin.row === 0) return { message: `product ${origin.code} (removed from the sheet): ${message}` };
    return { row: origin.row, column: origin.columns[field], message };
  });
}

/** The plan by sheet row, in row order, removed products last. */
export function sheetChanges(changes: readonly SetupChange[], origins: Map<string, Origin>): SheetRowChange[] {
  const byRow = new Map<string, SheetRowChange>();
  for (const change of changes) {
    const origin = origins.get(change.path);
    if (!origin) continue;
    const key = origin.row === 0 ? `removed ${origin.code}` : String(origin.row);
    const isProduct = change.path.startsWith('products[');
    const kind = isProduct && change.action === 'create' ? 'new' : isProduct && change.action === 'delete' ? 'removed' : 'changed';
    const row = byRow.get(key) ?? { ...(origin.row > 0 ? { row: origin.row } : {}), code: origin.code, kind, entries: [] };
    if (kind !== 'changed') row.kind = kind;
    row.entries.push(`${change.action} ${change.entry}`);
    byRow.set(key, row);
  }
  return [...byRow.values()].sort((a, b) => (a.row ?? Infinity) - (b.row ?? Infinity));
}
