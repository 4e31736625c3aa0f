import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../../config/config';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient, SqlRow } from '../../../db/sql-client';
import * as setup from '../../../entities/company-setup';
import { TOKENS } from '../../../tokens';
import type { Principal } from '../../access';
import { CounterCheckedCache } from '../../../db/read-cache';

const COMPANY_FIELDS = [
  'id',
  'code',
  'name',
  'tradeName',
  'rtn',
  'address',
  'phone',
  'email',
  'exchangeRate',
  'verificationBaseUrl',
] as const;
const ESTABLISHMENT_FIELDS = ['id', 'code', 'name', 'address', 'deletedAt'] as const;
const EMISSION_POINT_FIELDS = ['id', 'code', 'deletedAt'] as const;
/** What pricing and issuing use of an operator user, a price list or a payment terminal. */
const ENTRY_FIELDS = ['id', 'code', 'deletedAt'] as const;
const PRODUCT_FIELDS = ['id', 'code', 'name', 'isvRate', 'exempt', 'exemptPerUnit'] as const;
const PRICE_FIELDS = ['price', 'currency'] as const;
const DISCOUNT_POLICY_FIELDS = ['id', 'code', 'percent', 'active', 'validFrom', 'validTo', 'deletedAt'] as const;

/** The issuer as an invoice prints it, the exchange rate its USD prices convert at, and its verification base if it set one. */
export type CompanyProfile = Pick<setup.Company, (typeof COMPANY_FIELDS)[number]>;
export type EstablishmentRow = Pick<setup.Establishment, (typeof ESTABLISHMENT_FIELDS)[number]>;
export type EmissionPointRow = Pick<setup.EmissionPoint, (typeof EMISSION_POINT_FIELDS)[number]> & { establishment: EstablishmentRow };
/** An operator user, price list or payment terminal (the three have the same shape). */
export type CompanyEntryRow = Pick<setup.OperatorUser, (typeof ENTRY_FIELDS)[number]>;
export type CatalogProduct = Pick<setup.Product, (typeof PRODUCT_FIELDS)[number]>;
export type DiscountPolicyRow = Pick<setup.DiscountPolicy, (typeof DISCOUNT_POLICY_FIELDS)[number]>;
export type CatalogPrice = Pick<setup.ProductPrice, (typeof PRICE_FIELDS)[number]> & { discountPolicy: DiscountPolicyRow | null };

/** The company's integration defaults as stored, each null when not set; integration-config.ts checks them per sale. */
export interface IntegrationDefaults {
  company: CompanyProfile;
  exoneratedSales: boolean;
  emissionPoint: EmissionPointRow | null;
  creatorUser: CompanyEntryRow | null;
  priceList: CompanyEntryRow | null;
  paymentTerminal: CompanyEntryRow | null;
}

/** The products callers' ids are mapped to, and their entries in the configured price list. */
export class Catalog {
  constructor(
    /** By external id, exactly as stored: live mappings to live products. */
    private readonly mapped: ReadonlyMap<string, readonly CatalogProduct[]>,
    /** By product id: live entries of the configured price list. */
    private readonly prices: ReadonlyMap<number, CatalogPrice>,
  ) {}

  /**
   * The products a caller's id is mapped to. The id must equal the stored one exactly, as it had to
   * when this was a query: the collation's looser match was then narrowed to the exact id.
   */
  productsMappedTo(externalProductId: string): readonly CatalogProduct[] {
    return this.mapped.get(externalProductId) ?? [];
  }

  priceOf(productId: number): CatalogPrice | null {
    return this.prices.get(productId) ?? null;
  }
}

/** Everything a sale is priced with but its client: one company's, as of one value of its `catalog` counter. */
export interface PricingSnapshot {
  defaults: IntegrationDefaults;
  catalog: Catalog;
  /** Approximate memory it takes, for the cache's bound. */
  bytes: number;
}

/**
 * Rough memory of what a snapshot holds: a fixed part, then per mapped product and per price
 * (objects and map entries; measured on a 1,000-product catalog), plus their strings.
 */
const APPROXIMATE_BYTES = { snapshot: 4096, mappedProduct: 400, price: 250, policy: 250 };

/**
 * What every sale of a company is priced with, kept per instance: the integration defaults and
 * the rows they point at, the company's issuer fields and exchange rate, the product mappings with
 * their products, the prices of the configured price list with their discount policies. A sale
 * uses the snapshot read under the company's `catalog` counter its authentication just read, so an
 * `admin apply` (or any flush) that changes any of it, in any process, is used by the next sale on
 * every instance (decision 50); otherwise pricing costs no query.
 *
 * A snapshot holds the whole catalog, loaded when the counter has moved or on first use, in one
 * round trip (three plain SELECTs in one read-only transaction, so that they agree); concurrent
 * sales that miss share that load. Whole rather than per product: it changes only when an
 * operator changes it, and then costs one load per instance (about 30 ms and 0.7 MB per 1,000
 * products), after which no sale asks the database anything about it, not even for an id that is
 * not mapped. Plain frozen data, never entities: it outlives every unit of work. Bounded by
 * `PRICING_CACHE_MAX_MB`, least recently used company out first.
 */
@injectable()
export class PricingSnapshots {
  private readonly cache: CounterCheckedCache;
  private readonly maxBytes: number;
  /** Companies already warned about: a snapshot too large to keep is read again for every sale. */
  private readonly oversized = new Set<number>();
  private readonly sql: { defaults: string; mapped: string; prices: string };
  private readonly columns;

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Config) config: Pick<AppConfig, 'pricingCacheMaxMb'>,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    this.cache = new CounterCheckedCache(config.pricingCacheMaxMb);
    this.maxBytes = config.pricingCacheMaxMb * 1024 * 1024;
    this.columns = {
      settings: leanSelect(db, setup.IntegrationSettings, 's', ['exoneratedSales'] as const),
      company: leanSelect(db, setup.Company, 'c', COMPANY_FIELDS, 'company.'),
      establishment: leanSelect(db, setup.Establishment, 'es', ESTABLISHMENT_FIELDS, 'establishment.'),
      emissionPoint: leanSelect(db, setup.EmissionPoint, 'ep', EMISSION_POINT_FIELDS, 'emissionPoint.'),
      creatorUser: leanSelect(db, setup.OperatorUser, 'u', ENTRY_FIELDS, 'creatorUser.'),
      priceList: leanSelect(db, setup.PriceList, 'pl', ENTRY_FIELDS, 'priceList.'),
      paymentTerminal: leanSelect(db, setup.PaymentTerminal, 'pt', ENTRY_FIELDS, 'paymentTerminal.'),
      mapping: leanSelect(db, setup.ProductMapping, 'm', ['externalProductId'] as const),
      product: leanSelect(db, setup.Product, 'p', PRODUCT_FIELDS),
      price: leanSelect(db, setup.ProductPrice, 'pp', PRICE_FIELDS),
      policy: leanSelect(db, setup.DiscountPolicy, 'd', DISCOUNT_POLICY_FIELDS, 'policy.'),
    };
    const c = this.columns;
    this.sql = {
      defaults:
        `SELECT ${c.settings.columns}, ${c.company.columns}, ${c.emissionPoint.columns}, ${c.establishment.columns}, ${c.creatorUser.columns}, ${c.priceList.columns}, ${c.paymentTerminal.columns}` +
        ` FROM ${tableOf(db, setup.IntegrationSettings)} s JOIN ${tableOf(db, setup.Company)} c ON c.id = s.company_id` +
        ` LEFT JOIN ${tableOf(db, setup.EmissionPoint)} ep ON ep.id = s.emission_point_id LEFT JOIN ${tableOf(db, setup.Establishment)} es ON es.id = ep.establishment_id` +
        ` LEFT JOIN ${tableOf(db, setup.OperatorUser)} u ON u.id = s.creator_user_id LEFT JOIN ${tableOf(db, setup.PriceList)} pl ON pl.id = s.price_list_id` +
        ` LEFT JOIN ${tableOf(db, setup.PaymentTerminal)} pt ON pt.id = s.payment_terminal_id WHERE s.company_id = ?`,
      mapped:
        `SELECT ${c.mapping.columns}, ${c.product.columns} FROM ${tableOf(db, setup.ProductMapping)} m JOIN ${tableOf(db, setup.Product)} p ON p.id = m.product_id` +
        ' WHERE m.company_id = ? AND m.deleted_at IS NULL AND p.deleted_at IS NULL',
      // The entries of the list the defaults name, deleted or not: integration-config.ts refuses a deleted list before any price is looked at.
      prices:
        `SELECT pp.product_id AS productId, ${c.price.columns}, ${c.policy.columns} FROM ${tableOf(db, setup.IntegrationSettings)} s` +
        ` JOIN ${tableOf(db, setup.ProductPrice)} pp ON pp.price_list_id = s.price_list_id LEFT JOIN ${tableOf(db, setup.DiscountPolicy)} d ON d.id = pp.discount_policy_id` +
        ' WHERE s.company_id = ? AND pp.deleted_at IS NULL',
    };
  }

  /** The company's snapshot under the `catalog` counter the caller authenticated with. */
  of(principal: Pick<Principal, 'companyId' | 'revisions'>): Promise<PricingSnapshot> {
    const { companyId } = principal;
    return this.cache.getOrRead(
      `pricing:${companyId}`,
      principal.revisions.catalog,
      () => this.load(companyId),
      (snapshot) => this.keptSize(companyId, snapshot),
    );
  }

  /** Everything at once, as the database holds it now. */
  async load(companyId: number): Promise<PricingSnapshot> {
    // One state of the database: the prices must be those of the list the defaults name.
    const [[settings], mappedRows, priceRows] = await this.db.selectConsistent([
      [this.sql.defaults, [companyId]],
      [this.sql.mapped, [companyId]],
      [this.sql.prices, [companyId]],
    ]);
    // Authentication let the caller in only with the integration enabled, which is this row.
    if (!settings) throw new Error(`company ${companyId} has no integration settings`);
    let bytes = APPROXIMATE_BYTES.snapshot;

    const mapped = new Map<string, readonly CatalogProduct[]>();
    for (const row of mappedRows) {
      const { externalProductId } = this.columns.mapping.read(row);
      const product = this.columns.product.read(row);
      // Frozen here: the cache freezes what it keeps, but not what a Map holds.
      mapped.set(externalProductId, Object.freeze([...(mapped.get(externalProductId) ?? []), Object.freeze(product)]));
      bytes += APPROXIMATE_BYTES.mappedProduct + 2 * (externalProductId.length + product.code.length + product.name.length);
    }
    const prices = new Map<number, CatalogPrice>();
    for (const row of priceRows) {
      const discountPolicy = row['policy.id'] === null ? null : Object.freeze(this.columns.policy.read(row));
      prices.set(Number(row.productId), Object.freeze({ ...this.columns.price.read(row), discountPolicy }));
      bytes += APPROXIMATE_BYTES.price + (discountPolicy === null ? 0 : APPROXIMATE_BYTES.policy + 2 * discountPolicy.code.length);
    }
    return { defaults: this.defaultsOf(settings), catalog: new Catalog(mapped, prices), bytes };
  }

  private defaultsOf(row: SqlRow): IntegrationDefaults {
    const c = this.columns;
    // A LEFT JOIN that found nothing gives a null id: the default is not set.
    const present = (prefix: string) => row[`${prefix}.id`] !== null;
    return {
      company: c.company.read(row),
      exoneratedSales: c.settings.read(row).exoneratedSales,
      emissionPoint: present('emissionPoint') ? { ...c.emissionPoint.read(row), establishment: c.establishment.read(row) } : null,
      creatorUser: present('creatorUser') ? c.creatorUser.read(row) : null,
      priceList: present('priceList') ? c.priceList.read(row) : null,
      paymentTerminal: present('paymentTerminal') ? c.paymentTerminal.read(row) : null,
    };
  }

  /** The snapshot's size for the cache, or null (not kept, with a warning once) when it alone exceeds the bound. */
  private keptSize(companyId: number, snapshot: PricingSnapshot): number | null {
    if (snapshot.bytes < this.maxBytes) return snapshot.bytes;
    if (!this.oversized.has(companyId)) {
      this.oversized.add(companyId);
      this.logger.warn(
        { companyId, approximateMb: Math.ceil(snapshot.bytes / (1024 * 1024)) },
        'the pricing configuration and catalog of this company exceed PRICING_CACHE_MAX_MB: they are read from the database for every sale; raise the setting',
      );
    }
    return null;
  }
}
