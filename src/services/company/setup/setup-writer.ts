import type { EntityManager } from '@mikro-orm/mysql';
import { Company, IntegrationSettings, OperatorUser, PaymentTerminal } from '../../../entities';
import { DECIMAL_COLUMNS } from '../../../domain/decimal-columns';
import type { CompanySpec, IntegrationSpec, NamedEntry, NamedSpec, SetupDocument } from './setup-document';
import { codeKey, ExistingSetup, pointKey } from './setup-state';
import { writeClients } from './setup-write-clients';
import { writeDiscountPolicies, writePriceLists, writeProductMappings, writeProducts } from './setup-write-catalog';
import type { SetupChange } from './setup-changes';
import { assignChanged, decimal, defined, upsertEntry, WriteContext } from './setup-write-helpers';
import { writeNumbering } from './setup-write-numbering';

/**
 * Writes a checked document over what the company holds, into the EntityManager's unit of work
 * (the caller flushes, inside its transaction, or drops it for a dry run). Referenced rows are
 * written before the rows that reference them, so every code resolves to a row by the time it is
 * needed. Returns every entry it created, updated or deleted.
 */
export function writeSetup(
  em: EntityManager,
  doc: SetupDocument,
  existing: ExistingSetup,
  now: Date,
): { changes: SetupChange[]; company: Company } {
  const changes: SetupChange[] = [];
  const company = writeCompany(em, doc.company, existing.company, changes);
  const ctx: WriteContext = { em, existing, company, now, changes };
  writeNamed(ctx, 'users', 'user', doc.users ?? [], existing.users, (e) =>
    em.create(OperatorUser, { company, code: e.code, name: e.name }),
  );
  writeNamed(ctx, 'paymentTerminals', 'payment terminal', doc.paymentTerminals ?? [], existing.paymentTerminals, (e) =>
    em.create(PaymentTerminal, { company, code: e.code, name: e.name }),
  );
  writeDiscountPolicies(ctx, doc.discountPolicies ?? []);
  writeProducts(ctx, doc.products ?? []);
  writeNumbering(ctx, doc.establishments ?? []);
  writePriceLists(ctx, doc.priceLists ?? []);
  writeProductMappings(ctx, doc.productMappings ?? []);
  writeClients(ctx, doc.clients ?? []);
  if (doc.integration) writeIntegration(ctx, doc.integration);
  return { changes, company };
}

function writeCompany(em: EntityManager, spec: CompanySpec, row: Company | null, changes: SetupChange[]): Company {
  const at = { path: 'company', entry: `company ${spec.code}` };
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
    changes.push({ action: 'create', ...at });
    return em.create(Company, { ...defined(fields), code: spec.code, name: spec.name, rtn: spec.rtn });
  }
  if (assignChanged(row, fields)) changes.push({ action: 'update', ...at });
  return row;
}

/** Operator users and payment terminals: a code and a name. */
function writeNamed<E extends OperatorUser | PaymentTerminal>(
  ctx: WriteContext,
  section: string,
  label: string,
  entries: NamedEntry[],
  rows: Map<string, E>,
  create: (entry: NamedSpec) => E,
): void {
  entries.forEach((entry, i) => {
    const at = { path: `${section}[${i}]`, entry: `${label} ${entry.code}` };
    const row = upsertEntry(ctx, at, rows.get(codeKey(entry.code)), entry, create, (r, e) =>
      assignChanged<OperatorUser | PaymentTerminal>(r, { code: e.code, name: e.name }),
    );
    if (row) rows.set(codeKey(entry.code), row);
  });
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
  const at = { path: 'integration', entry: 'integration' };
  if (!existing.integration) {
    ctx.changes.push({ action: 'create', ...at });
    existing.integration = ctx.em.create(IntegrationSettings, { ...defined(fields), company: ctx.company });
    return;
  }
  if (assignChanged(existing.integration, fields)) ctx.changes.push({ action: 'update', ...at });
}
