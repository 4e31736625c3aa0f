import {
  type FileEntry,
  storedCaiRange,
  storedClient,
  storedCompany,
  storedDiscountPolicy,
  storedNamed,
  storedPrice,
  storedProduct,
} from './setup-stored';
import { codeKey, type ExistingSetup, pointKey, priceKey } from './setup-state';

/**
 * Partial updates: an entry that names an existing row needs only its key and the fields it
 * changes. Before the file's shape is checked, each such entry is completed with the stored
 * values of the fields a new entry must give (a product's name, a range's numbers...), and only
 * those it leaves out. Since a field left out means "as it is", filling it with the stored value
 * changes nothing; the checks then see a whole entry. An entry that names no row is left as it
 * is, so the schema says what creating it needs.
 *
 * What each kind must give to be created, beyond its key: the fields filled here.
 */
const REQUIRED_TO_CREATE = {
  company: ['name', 'rtn'],
  caiRange: ['rangeStart', 'rangeEnd', 'deadline'],
  named: ['name'],
  discountPolicy: ['percent'],
  // exempt too: whether isvRate may be absent depends on it.
  product: ['name', 'isvRate', 'exempt'],
  price: ['price'],
  client: ['clientName', 'email'],
} as const;

type Raw = Record<string, unknown>;

/** The file's mappings only; anything else is left for the schema to refuse. */
function isMapping(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The live (not `deleted: true`) mappings of a list, or none when it is not a list. */
function liveEntries(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter((e): e is Raw => isMapping(e) && e.deleted !== true) : [];
}

function stringField(entry: Raw, field: string): string | undefined {
  return typeof entry[field] === 'string' ? entry[field] : undefined;
}

function fill(entry: Raw, stored: FileEntry | undefined, fields: readonly string[]): void {
  if (!stored) return;
  for (const field of fields) if (!(field in entry) && field in stored) entry[field] = stored[field];
}

/** Fills, in place, the entries of `raw` (a copy of the parsed YAML/JSON) that name stored rows. */
export function completeFromStored(raw: Raw, existing: ExistingSetup): void {
  if (existing.company && isMapping(raw.company)) fill(raw.company, storedCompany(existing.company), REQUIRED_TO_CREATE.company);

  for (const establishment of liveEntries(raw.establishments)) {
    const establishmentCode = stringField(establishment, 'code');
    for (const point of liveEntries(establishment.emissionPoints)) {
      const pointCode = stringField(point, 'code');
      if (establishmentCode === undefined || pointCode === undefined) continue;
      const ranges = existing.caiRanges.get(pointKey(establishmentCode, pointCode)) ?? [];
      for (const range of liveEntries(point.caiRanges)) {
        const cai = stringField(range, 'cai');
        const row = cai === undefined ? undefined : ranges.find((r) => codeKey(r.cai) === codeKey(cai));
        fill(range, row && storedCaiRange(row), REQUIRED_TO_CREATE.caiRange);
      }
    }
  }

  const byCode = <T>(entries: unknown, rows: Map<string, T>, stored: (row: T) => FileEntry, fields: readonly string[]): void => {
    for (const entry of liveEntries(entries)) {
      const code = stringField(entry, 'code');
      const row = code === undefined ? undefined : rows.get(codeKey(code));
      fill(entry, row && stored(row), fields);
    }
  };
  byCode(raw.users, existing.users, storedNamed, REQUIRED_TO_CREATE.named);
  byCode(raw.paymentTerminals, existing.paymentTerminals, storedNamed, REQUIRED_TO_CREATE.named);
  byCode(raw.discountPolicies, existing.discountPolicies, storedDiscountPolicy, REQUIRED_TO_CREATE.discountPolicy);
  byCode(raw.products, existing.products, storedProduct, REQUIRED_TO_CREATE.product);
  byCode(raw.clients, existing.clients, storedClient, REQUIRED_TO_CREATE.client);

  for (const list of liveEntries(raw.priceLists)) {
    const listCode = stringField(list, 'code');
    const listRow = listCode === undefined ? undefined : existing.priceLists.get(codeKey(listCode));
    if (!listRow) continue;
    for (const price of liveEntries(list.prices)) {
      const productCode = stringField(price, 'product');
      const product = productCode === undefined ? undefined : existing.products.get(codeKey(productCode));
      const row = product ? existing.prices.get(priceKey(listRow.id, product.id)) : undefined;
      fill(price, row && storedPrice(row), REQUIRED_TO_CREATE.price);
    }
  }
}

/** What the loader needs to know of a file before its shape is checked: the keys it names, as strings. */
export interface SetupKeys {
  companyCode: string;
  /** Products named anywhere: the catalog, prices, mappings. */
  productCodes: string[];
  priceListCodes: string[];
  externalProductIds: string[];
  clientCodes: string[];
  clientLegalIds: string[];
  /** The CAIs of the file's ranges, to find those another company holds. */
  cais: string[];
}

/** The keys a raw file names; entries that are not mappings or keys that are not strings are skipped (the schema refuses them). */
export function keysOf(raw: Raw, companyCode: string): SetupKeys {
  const all = (value: unknown): Raw[] => (Array.isArray(value) ? value.filter(isMapping) : []);
  const strings = (entries: Raw[], field: string): string[] =>
    entries.map((e) => stringField(e, field)).filter((v): v is string => v !== undefined);
  const lists = all(raw.priceLists);
  const mappings = all(raw.productMappings);
  const clients = all(raw.clients);
  return {
    companyCode,
    productCodes: [
      ...strings(all(raw.products), 'code'),
      ...lists.flatMap((l) => strings(all(l.prices), 'product')),
      ...strings(mappings, 'product'),
    ],
    priceListCodes: strings(lists, 'code'),
    externalProductIds: strings(mappings, 'externalProductId'),
    clientCodes: strings(clients, 'code'),
    clientLegalIds: strings(clients, 'legalId'),
    cais: all(raw.establishments)
      .flatMap((e) => all(e.emissionPoints))
      .flatMap((p) => strings(all(p.caiRanges), 'cai')),
  };
}
