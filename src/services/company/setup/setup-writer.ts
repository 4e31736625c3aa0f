import type { EntityManager } from '@mikro-orm/mysql';
import { Company, IntegrationSettings, OperatorUser, PaymentTerminal } from '../../../entities';
import { DECIMAL_COLUMNS } from '../../../domain/decimal-columns';
import type { CompanySpec, IntegrationSpec, NamedEntry, NamedSpec, SetupDocument } from './setup-document';
import { codeKey, ExistingSetup, pointKey } from './setup-state';
import { writeClients } from './setup-write-clients';
import { writeDelivery } from './setup-delivery';
import { writeDiscountPolicies, writePriceLists, writeProductMappings, writeProducts } from './setup-write-catalog';
import { ApplyCounts, assignChanged, decimal, defined, upsertEntry, WriteContext } from './setup-write-helpers';
import { writeNumbering } from './setup-write-numbering';

/** What an apply changed in one section of the file (`products`, `establishments`...), only the sections it changed. */
export type SectionChanges = Record<string, Partial<ApplyCounts>>;

/**
 * Writes a checked document over what the company holds, into the EntityManager's unit of work
 * (the caller flushes, inside its transaction). Referenced rows are written before the rows
 * that reference them, so every code resolves to a row by the time it is needed.
 */
export function writeSetup(
  em: EntityManager,
  doc: SetupDocument,
  existing: ExistingSetup,
  now: Date,
): { counts: ApplyCounts; sections: SectionChanges; company: Company } {
  const counts: ApplyCounts = { created: 0, updated: 0, deleted: 0 };
  const sections: SectionChanges = {};
  // Each step's share of the counts, by the file's section name: the activity trail's summary.
  const section = <T>(name: string, write: () => T): T => {
    const before = { ...counts };
    const result = write();
    const changed = Object.entries(counts).filter(([kind, n]) => n !== before[kind as keyof ApplyCounts]);
    if (changed.length > 0) sections[name] = Object.fromEntries(changed.map(([kind, n]) => [kind, n - before[kind as keyof ApplyCounts]]));
    return result;
  };
  const company = section('company', () => writeCompany(em, doc.company, existing.company, counts));
  const ctx: WriteContext = { em, existing, company, now, counts };
  section('users', () =>
    writeNamed(ctx, doc.users ?? [], existing.users, (e) => em.create(OperatorUser, { company, code: e.code, name: e.name })),
  );
  section('paymentTerminals', () =>
    writeNamed(ctx, doc.paymentTerminals ?? [], existing.paymentTerminals, (e) =>
      em.create(PaymentTerminal, { company, code: e.code, name: e.name }),
    ),
  );
  section('discountPolicies', () => writeDiscountPolicies(ctx, doc.discountPolicies ?? []));
  section('products', () => writeProducts(ctx, doc.products ?? []));
  section('establishments', () => writeNumbering(ctx, doc.establishments ?? []));
  section('priceLists', () => writePriceLists(ctx, doc.priceLists ?? []));
  section('productMappings', () => writeProductMappings(ctx, doc.productMappings ?? []));
  section('clients', () => writeClients(ctx, doc.clients ?? []));
  if (doc.integration) section('integration', () => writeIntegration(ctx, doc.integration!));
  if (doc.delivery) section('delivery', () => writeDelivery(ctx, doc.delivery!, existing.company === null));
  return { counts, sections, company };
}

function writeCompany(em: EntityManager, spec: CompanySpec, row: Company | null, counts: ApplyCounts): Company {
  const fields = {
    name: spec.name,
    rtn: spec.rtn,
    tradeName: spec.tradeName,
    address: spec.address,
    phone: spec.phone,
    email: spec.email,
    exchangeRate: decimal(spec.exchangeRate, DECIMAL_COLUMNS.amount.scale),
    verificationBaseUrl: spec.verificationBaseUrl,
  };
  if (!row) {
    counts.created++;
    return em.create(Company, { ...defined(fields), code: spec.code, name: spec.name, rtn: spec.rtn });
  }
  if (assignChanged(row, fields)) counts.updated++;
  return row;
}

/** Operator users and payment terminals: a code and a name. */
function writeNamed<E extends OperatorUser | PaymentTerminal>(
  ctx: WriteContext,
  entries: NamedEntry[],
  rows: Map<string, E>,
  create: (entry: NamedSpec) => E,
): void {
  for (const entry of entries) {
    const row = upsertEntry(ctx, rows.get(codeKey(entry.code)), entry, create, (r, e) =>
      assignChanged<OperatorUser | PaymentTerminal>(r, { code: e.code, name: e.name }),
    );
    if (row) rows.set(codeKey(entry.code), row);
  }
}

/** Absent keys leave a default as it is; null clears it (to reach the INTEGRATION_MISSING_* answers). */
function writeIntegration(ctx: WriteContext, spec: IntegrationSpec): void {
  const { existing } = ctx;
  const resolve = <T>(code: string | null | undefined, rows: Map<string, T>): T | null | undefined =>
    code === undefined || code === null ? code : rows.get(codeKey(code));
  const [establishmentCode, pointCode] = typeof spec.emissionPoint === 'string' ? spec.emissionPoint.split('-') : [];
  const fields = {
    enabled: spec.enabled,
    exoneratedSales: spec.exoneratedSales,
    emissionPoint:
      typeof spec.emissionPoint === 'string' ? existing.emissionPoints.get(pointKey(establishmentCode, pointCode)) : spec.emissionPoint,
    creatorUser: resolve(spec.creatorUser, existing.users),
    priceList: resolve(spec.priceList, existing.priceLists),
    paymentTerminal: resolve(spec.paymentTerminal, existing.paymentTerminals),
  };
  if (!existing.integration) {
    ctx.counts.created++;
    existing.integration = ctx.em.create(IntegrationSettings, { ...defined(fields), company: ctx.company });
    return;
  }
  if (assignChanged(existing.integration, fields)) ctx.counts.updated++;
}
