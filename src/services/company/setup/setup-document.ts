import type * as yup from 'yup';
import type { setupSchema } from './setup-schema';

/**
 * The setup file once its shape is validated: the types the schema infers, named for the code
 * that walks the document. An `...Entry` is one item of a keyed list, live or `deleted: true`
 * (then only its key is sure to be there); the matching `...Spec` is its live form.
 */
export type SetupDocument = yup.InferType<typeof setupSchema>;

export type { Amount } from './setup-formats';

/** The live form of a keyed entry (not `deleted: true`). */
export type Live<T> = Exclude<T, { deleted: true }>;

type EntryOf<L extends readonly unknown[] | undefined> = NonNullable<L>[number];

export type CompanySpec = SetupDocument['company'];
/** Integration defaults: absent leaves the stored default unchanged, null clears it. */
export type IntegrationSpec = NonNullable<SetupDocument['integration']>;

/** One item of each keyed list, as written: live, or `deleted: true` with its key. */
export type EstablishmentEntry = EntryOf<SetupDocument['establishments']>;
export type EmissionPointEntry = EntryOf<EstablishmentSpec['emissionPoints']>;
export type CaiRangeEntry = EntryOf<EmissionPointSpec['caiRanges']>;
/** Operator users and payment terminals share this shape. */
export type NamedEntry = EntryOf<SetupDocument['users']>;
export type DiscountPolicyEntry = EntryOf<SetupDocument['discountPolicies']>;
export type ProductEntry = EntryOf<SetupDocument['products']>;
export type PriceListEntry = EntryOf<SetupDocument['priceLists']>;
export type PriceEntry = EntryOf<PriceListSpec['prices']>;
export type ProductMappingEntry = EntryOf<SetupDocument['productMappings']>;
export type ClientEntry = EntryOf<SetupDocument['clients']>;

/** The live form of each. */
export type EstablishmentSpec = Live<EstablishmentEntry>;
export type EmissionPointSpec = Live<EmissionPointEntry>;
export type CaiRangeSpec = Live<CaiRangeEntry>;
export type NamedSpec = Live<NamedEntry>;
export type DiscountPolicySpec = Live<DiscountPolicyEntry>;
export type ProductSpec = Live<ProductEntry>;
export type PriceListSpec = Live<PriceListEntry>;
export type PriceSpec = Live<PriceEntry>;
export type ProductMappingSpec = Live<ProductMappingEntry>;
export type ClientSpec = Live<ClientEntry>;
