import { EntityManager, LockMode } from '@mikro-orm/mysql';
import * as setup from '../../../entities/company-setup';
import { issuedNumbersOf, type IssuedNumbers } from '../../documents';
import type { SetupKeys } from './setup-partial';

/**
 * What the database already holds of the company, soft-deleted rows included (the unique
 * indexes count them, and an entry present again restores its row). Maps are keyed the way the
 * file names things; the writer adds the rows it creates to them.
 */
export interface ExistingSetup {
  company: setup.Company | null;
  integration: setup.IntegrationSettings | null;
  /** Maps keyed by code use codeKey(code). */
  establishments: Map<string, setup.Establishment>;
  /** By `EEE-PPP`. */
  emissionPoints: Map<string, setup.EmissionPoint>;
  /** By `EEE-PPP`, every range of that point. */
  caiRanges: Map<string, setup.CaiRange[]>;
  /** Range id -> the lowest and highest numbers issued from it (annulled documents count). */
  issued: Map<number, IssuedNumbers>;
  users: Map<string, setup.OperatorUser>;
  paymentTerminals: Map<string, setup.PaymentTerminal>;
  discountPolicies: Map<string, setup.DiscountPolicy>;
  products: Map<string, setup.Product>;
  priceLists: Map<string, setup.PriceList>;
  /** By priceKey(list id, product id). */
  prices: Map<string, setup.ProductPrice>;
  /** By mappingKey(externalProductId, product id). */
  mappings: Map<string, setup.ProductMapping>;
  clients: Map<string, setup.Client>;
  clientsByLegalId: Map<string, setup.Client>;
  /** codeKey(cai) of the file's CAIs that a range of another company holds (decision 76). */
  caisOfOthers: Set<string>;
}

/**
 * The identity of a code as the database's unique indexes see it: the columns use a case- and
 * accent-insensitive collation, so `Caja1` would collide with `CAJA1` rather than be new.
 */
export function codeKey(code: string): string {
  return code.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

export const pointKey = (establishmentCode: string, pointCode: string): string => `${establishmentCode}-${pointCode}`;
export const priceKey = (listId: number, productId: number): string => `${listId}/${productId}`;
export const mappingKey = (externalProductId: string, productId: number): string => `${productId}/${codeKey(externalProductId)}`;

function byCode<T extends { code: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [codeKey(row.code), row]));
}

/** The state before anything is read: a new company's, or the start of loading a stored one's. */
export function emptySetupState(company: setup.Company | null): ExistingSetup {
  return {
    company,
    integration: null,
    establishments: new Map(),
    emissionPoints: new Map(),
    caiRanges: new Map(),
    issued: new Map(),
    users: new Map(),
    paymentTerminals: new Map(),
    discountPolicies: new Map(),
    products: new Map(),
    priceLists: new Map(),
    prices: new Map(),
    mappings: new Map(),
    clients: new Map(),
    clientsByLegalId: new Map(),
    caisOfOthers: new Set(),
  };
}

/**
 * Loads what the file can touch or reference. Runs inside the apply transaction: the company
 * row lock serialises concurrent applies, the range locks keep issuing from taking a number
 * while a range is being checked and changed.
 */
export async function loadExistingSetup(em: EntityManager, keys: SetupKeys): Promise<ExistingSetup> {
  const company = await em.findOne(setup.Company, { code: keys.companyCode }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const state = emptySetupState(company);
  state.caisOfOthers = await caisHeldElsewhere(em, company, keys.cais);
  if (!company) return state;

  state.integration = await em.findOne(setup.IntegrationSettings, { company });
  await loadNumbering(em, company, state);
  state.users = byCode(await em.find(setup.OperatorUser, { company }));
  state.paymentTerminals = byCode(await em.find(setup.PaymentTerminal, { company }));
  state.discountPolicies = byCode(await em.find(setup.DiscountPolicy, { company }));
  state.priceLists = byCode(await em.find(setup.PriceList, { company }));
  await loadCatalog(em, company, keys, state);
  await loadClients(em, company, keys, state);
  return state;
}

async function loadNumbering(em: EntityManager, company: setup.Company, state: ExistingSetup): Promise<void> {
  const establishments = await em.find(setup.Establishment, { company });
  state.establishments = byCode(establishments);
  const points = await em.find(setup.EmissionPoint, { establishment: { $in: establishments } });
  for (const point of points) state.emissionPoints.set(pointKey(point.establishment.code, point.code), point);
  if (points.length === 0) return;
  const ranges = await em.find(
    setup.CaiRange,
    { emissionPoint: { $in: points } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
  );
  for (const range of ranges) {
    const key = pointKey(range.emissionPoint.establishment.code, range.emissionPoint.code);
    state.caiRanges.set(key, [...(state.caiRanges.get(key) ?? []), range]);
  }
  if (ranges.length === 0) return;
  // The issued documents are the truth about issued numbers, not nextNumber.
  state.issued = await issuedNumbersOf(em, ranges);
}

/** Only the products, prices and mappings the file names: a catalog may be large. */
async function loadCatalog(em: EntityManager, company: setup.Company, keys: SetupKeys, state: ExistingSetup): Promise<void> {
  const productCodes = new Set<string>(keys.productCodes);
  if (productCodes.size === 0) return;
  const products = await em.find(setup.Product, { company, code: { $in: [...productCodes] } });
  state.products = byCode(products);
  if (products.length === 0) return;

  const lists = keys.priceListCodes.map((code) => state.priceLists.get(codeKey(code))).filter((l): l is setup.PriceList => l !== undefined);
  if (lists.length > 0) {
    for (const price of await em.find(setup.ProductPrice, { priceList: { $in: lists }, product: { $in: products } })) {
      state.prices.set(priceKey(price.priceList.id, price.product.id), price);
    }
  }
  const externalIds = [...new Set(keys.externalProductIds)];
  if (externalIds.length > 0) {
    for (const mapping of await em.find(setup.ProductMapping, {
      company,
      externalProductId: { $in: externalIds },
      product: { $in: products },
    })) {
      state.mappings.set(mappingKey(mapping.externalProductId, mapping.product.id), mapping);
    }
  }
}

/** Clients by the codes in the file, and any live client already holding an RTN the file gives. */
async function loadClients(em: EntityManager, company: setup.Company, keys: SetupKeys, state: ExistingSetup): Promise<void> {
  const codes = keys.clientCodes;
  const legalIds = keys.clientLegalIds;
  if (codes.length === 0) return;
  const clients = await em.find(setup.Client, {
    company,
    $or: [{ code: { $in: codes } }, ...(legalIds.length > 0 ? [{ legalId: { $in: legalIds } }] : [])],
  });
  state.clients = byCode(clients);
  // A deleted client holds no RTN: the unique index counts live clients only.
  for (const client of clients)
    if (client.legalId !== null && client.deletedAt === null) state.clientsByLegalId.set(client.legalId, client);
}

/**
 * A CAI is SAR's grant to one taxpayer: the file's CAIs that another company holds, by a live
 * range or by a deleted one that issued numbers (its documents print that CAI). A range deleted
 * before any number was issued holds nothing, so a CAI registered under the wrong company can
 * be deleted there and registered where it belongs.
 */
async function caisHeldElsewhere(em: EntityManager, company: setup.Company | null, cais: string[]): Promise<Set<string>> {
  if (cais.length === 0) return new Set();
  const ranges = await em.find(setup.CaiRange, {
    cai: { $in: [...new Set(cais)] },
    ...(company ? { emissionPoint: { establishment: { company: { $ne: company.id } } } } : {}),
  });
  const deleted = ranges.filter((r) => r.deletedAt !== null);
  const issued = deleted.length > 0 ? await issuedNumbersOf(em, deleted) : new Map<number, IssuedNumbers>();
  return new Set(ranges.filter((r) => r.deletedAt === null || issued.has(r.id)).map((r) => codeKey(r.cai)));
}
