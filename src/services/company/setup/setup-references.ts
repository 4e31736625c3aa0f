import type { SetupDocument } from './setup-document';
import { codeKey, ExistingSetup, pointKey } from './setup-state';
import type { ProblemList } from './setup-validation-error';

interface Row {
  deletedAt: Date | null;
}

/**
 * Says whether a code names something that will exist once the file is applied: an entry of the
 * file not marked deleted, or a live row of the company the file does not mention (entries absent
 * from the file are left as they are, so they may be referenced). Returns the reason otherwise.
 */
function referenceProblem(label: string, code: string, inFile: Map<string, boolean>, inDatabase: Map<string, Row>): string | null {
  const deletedInFile = inFile.get(codeKey(code));
  if (deletedInFile !== undefined) return deletedInFile ? `${label} ${code} is marked deleted in this file` : null;
  const row = inDatabase.get(codeKey(code));
  if (!row) return `unknown ${label} ${code}`;
  return row.deletedAt ? `${label} ${code} was deleted; list it in the file without deleted: true to restore it` : null;
}

/** code -> whether the file marks that entry deleted. */
function fileCodes(entries: readonly { code: string; deleted?: boolean }[] | undefined): Map<string, boolean> {
  return new Map((entries ?? []).map((e) => [codeKey(e.code), e.deleted === true]));
}

/** Every entry's key is unique within its list, so no entry silently overrides another. */
export function checkDuplicates(doc: SetupDocument, problems: ProblemList): void {
  /** `key` returns null for an entry that does not take part (a deleted client's RTN). */
  const unique = <T>(entries: readonly T[] | undefined, path: string, key: (e: T) => string | null, field: string, what: string): void => {
    const seen = new Map<string, number>();
    (entries ?? []).forEach((entry, i) => {
      const k = key(entry);
      if (k === null) return;
      const first = seen.get(codeKey(k));
      if (first === undefined) seen.set(codeKey(k), i);
      else problems.add(`${path}[${i}].${field}`, `duplicate ${what} ${k} (also at ${path}[${first}])`);
    });
  };
  unique(doc.establishments, 'establishments', (e) => e.code, 'code', 'establishment');
  doc.establishments?.forEach((est, i) => {
    unique(est.emissionPoints, `establishments[${i}].emissionPoints`, (p) => p.code, 'code', 'emission point');
    est.emissionPoints?.forEach((point, j) =>
      unique(point.caiRanges, `establishments[${i}].emissionPoints[${j}].caiRanges`, (r) => r.cai, 'cai', 'CAI'),
    );
  });
  unique(doc.users, 'users', (e) => e.code, 'code', 'user');
  unique(doc.paymentTerminals, 'paymentTerminals', (e) => e.code, 'code', 'payment terminal');
  unique(doc.discountPolicies, 'discountPolicies', (e) => e.code, 'code', 'discount policy');
  unique(doc.products, 'products', (e) => e.code, 'code', 'product');
  unique(doc.priceLists, 'priceLists', (e) => e.code, 'code', 'price list');
  doc.priceLists?.forEach((list, i) => unique(list.prices, `priceLists[${i}].prices`, (p) => p.product, 'product', 'price for product'));
  unique(doc.productMappings, 'productMappings', (m) => `${m.externalProductId} -> ${m.product}`, 'externalProductId', 'mapping');
  unique(doc.clients, 'clients', (e) => e.code, 'code', 'client');
  // The RTN is unique per company in the database too (uq_client_legal_id_company).
  unique(doc.clients, 'clients', (c) => (!c.deleted && typeof c.legalId === 'string' ? c.legalId : null), 'legalId', 'legalId');
}

/** Every code a live entry or the integration points at must exist once the file is applied. */
export function checkReferences(doc: SetupDocument, existing: ExistingSetup, problems: ProblemList): void {
  const products = fileCodes(doc.products);
  const policies = fileCodes(doc.discountPolicies);
  const report = (path: string, problem: string | null): void => {
    if (problem !== null) problems.add(path, problem);
  };

  doc.priceLists?.forEach((list, i) =>
    list.prices?.forEach((price, j) => {
      if (price.deleted || list.deleted) return;
      const path = `priceLists[${i}].prices[${j}]`;
      report(`${path}.product`, referenceProblem('product', price.product, products, existing.products));
      if (typeof price.discountPolicy === 'string') {
        report(`${path}.discountPolicy`, referenceProblem('discount policy', price.discountPolicy, policies, existing.discountPolicies));
      }
    }),
  );
  doc.productMappings?.forEach((mapping, i) => {
    if (!mapping.deleted)
      report(`productMappings[${i}].product`, referenceProblem('product', mapping.product, products, existing.products));
  });

  const integration = doc.integration;
  if (!integration) return;
  if (typeof integration.emissionPoint === 'string')
    report('integration.emissionPoint', emissionPointProblem(integration.emissionPoint, doc, existing));
  const refs = [
    ['creatorUser', 'user', integration.creatorUser, fileCodes(doc.users), existing.users],
    ['priceList', 'price list', integration.priceList, fileCodes(doc.priceLists), existing.priceLists],
    ['paymentTerminal', 'payment terminal', integration.paymentTerminal, fileCodes(doc.paymentTerminals), existing.paymentTerminals],
  ] as const;
  for (const [field, label, code, inFile, inDatabase] of refs) {
    if (typeof code === 'string') report(`integration.${field}`, referenceProblem(label, code, inFile, inDatabase));
  }
}

/**
 * `EEE-PPP`: the point must exist once the file is applied. A deleted (closed) point may stay
 * named: the integration then answers INTEGRATION_EMISSION_POINT_NOT_FOUND until it is changed,
 * so closing a point takes one `deleted: true` and nothing else.
 */
function emissionPointProblem(reference: string, doc: SetupDocument, existing: ExistingSetup): string | null {
  const [establishmentCode, pointCode] = reference.split('-');
  const establishment = doc.establishments?.find((e) => e.code === establishmentCode);
  const point = establishment?.emissionPoints?.find((p) => p.code === pointCode);
  if (point && !point.deleted && !establishment?.deleted) return null;
  return existing.emissionPoints.has(pointKey(establishmentCode, pointCode)) ? null : `unknown emission point ${reference}`;
}
