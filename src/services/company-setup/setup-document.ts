import type { Currency } from '../../entities/product-price.entity';

/**
 * The setup file once its shape is validated (OPERATOR-SETUP.md). Optional fields follow one
 * rule everywhere: absent leaves the stored value as it is (a default on creation), null clears
 * it. That keeps data written by other commands (e.g. `client exonerate`) when the file is silent.
 */

/** A number or a decimal string, as the file gave it; normalised when written. */
export type Amount = number | string;

/**
 * A keyed entry: either live (every required field present) or `deleted: true`, in which case
 * only its key is needed.
 */
export type Keyed<T, K extends keyof T> = (T & { deleted?: false }) | (Pick<T, K> & Partial<Omit<T, K>> & { deleted: true });

export interface CompanySpec {
  code: string;
  name: string;
  rtn: string;
  tradeName?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  exchangeRate?: Amount | null;
}

export interface CaiRangeSpec {
  cai: string;
  rangeStart: number;
  rangeEnd: number;
  deadline: string;
}

export interface EmissionPointSpec {
  code: string;
  name?: string | null;
  caiRanges?: Keyed<CaiRangeSpec, 'cai'>[];
}

export interface EstablishmentSpec {
  code: string;
  name?: string | null;
  address?: string | null;
  emissionPoints?: Keyed<EmissionPointSpec, 'code'>[];
}

/** Operator users and payment terminals share this shape. */
export interface NamedSpec {
  code: string;
  name: string;
}

export interface DiscountPolicySpec {
  code: string;
  percent: Amount;
  active?: boolean;
  validFrom?: string | null;
  validTo?: string | null;
}

export interface ProductSpec {
  code: string;
  name: string;
  isvRate?: Amount | null;
  exempt?: boolean;
  exemptPerUnit?: Amount | null;
}

export interface PriceSpec {
  product: string;
  price: Amount;
  currency?: Currency;
  discountPolicy?: string | null;
}

export interface PriceListSpec {
  code: string;
  name?: string | null;
  prices?: Keyed<PriceSpec, 'product'>[];
}

export interface ProductMappingSpec {
  externalProductId: string;
  product: string;
}

/** At least one of certificate and sagRegistry. */
export interface ExonerationSpec {
  certificate?: string | null;
  sagRegistry?: string | null;
  validUntil: string;
}

export interface ClientSpec {
  code: string;
  clientName: string;
  email: string;
  legalId?: string | null;
  phone?: string | null;
  address?: string | null;
  exoneration?: ExonerationSpec | null;
}

/** Integration defaults: absent leaves the stored default unchanged, null clears it. */
export interface IntegrationSpec {
  enabled?: boolean;
  /** `EEE-PPP`: establishment code, emission-point code. */
  emissionPoint?: string | null;
  creatorUser?: string | null;
  priceList?: string | null;
  paymentTerminal?: string | null;
  exoneratedSales?: boolean;
}

export interface SetupDocument {
  company: CompanySpec;
  establishments?: Keyed<EstablishmentSpec, 'code'>[];
  users?: Keyed<NamedSpec, 'code'>[];
  paymentTerminals?: Keyed<NamedSpec, 'code'>[];
  discountPolicies?: Keyed<DiscountPolicySpec, 'code'>[];
  products?: Keyed<ProductSpec, 'code'>[];
  priceLists?: Keyed<PriceListSpec, 'code'>[];
  productMappings?: Keyed<ProductMappingSpec, 'externalProductId' | 'product'>[];
  clients?: Keyed<ClientSpec, 'code'>[];
  integration?: IntegrationSpec;
}
