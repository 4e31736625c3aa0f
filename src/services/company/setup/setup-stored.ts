import type * as setup from '../../../entities/company-setup';

/**
 * A stored row as the setup file writes it: the entry `admin export` prints, and what a partial
 * entry of an existing row is completed with. One function per kind, so the file's form of a row
 * has one home. Optional fields a row leaves at null are written as null only where null means
 * something the file would otherwise lose (a cleared integration default); elsewhere they are left
 * out, which an apply reads as "as it is".
 */
export type FileEntry = Record<string, unknown>;

/** Drops null fields: absent and null mean the same for a row that never had the value. */
function present(entry: FileEntry): FileEntry {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined));
}

export function storedCompany(row: setup.Company): FileEntry {
  return present({
    code: row.code,
    name: row.name,
    rtn: row.rtn,
    tradeName: row.tradeName,
    address: row.address,
    phone: row.phone,
    email: row.email,
    exchangeRate: row.exchangeRate,
    verificationBaseUrl: row.verificationBaseUrl,
  });
}

export function storedEstablishment(row: setup.Establishment): FileEntry {
  return present({ code: row.code, name: row.name, address: row.address });
}

export function storedEmissionPoint(row: setup.EmissionPoint): FileEntry {
  return present({ code: row.code, name: row.name });
}

export function storedCaiRange(row: setup.CaiRange): FileEntry {
  return { cai: row.cai, rangeStart: row.rangeStart, rangeEnd: row.rangeEnd, deadline: row.deadline, documentType: row.documentType };
}

/** Operator users and payment terminals. */
export function storedNamed(row: setup.OperatorUser | setup.PaymentTerminal): FileEntry {
  return { code: row.code, name: row.name };
}

export function storedDiscountPolicy(row: setup.DiscountPolicy): FileEntry {
  return present({ code: row.code, percent: row.percent, active: row.active, validFrom: row.validFrom, validTo: row.validTo });
}

export function storedProduct(row: setup.Product): FileEntry {
  return present({ code: row.code, name: row.name, isvRate: row.isvRate, exempt: row.exempt, exemptPerUnit: row.exemptPerUnit });
}

export function storedPriceList(row: setup.PriceList): FileEntry {
  return present({ code: row.code, name: row.name });
}

/** A deleted discount policy may not be named: the price is written without it (as it is). */
export function storedPrice(row: setup.ProductPrice): FileEntry {
  const policy = row.discountPolicy;
  return present({
    product: row.product.code,
    price: row.price,
    currency: row.currency,
    discountPolicy: policy?.deletedAt ? null : policy?.code,
  });
}

export function storedMapping(row: setup.ProductMapping): FileEntry {
  return { externalProductId: row.externalProductId, product: row.product.code };
}

export function storedClient(row: setup.Client): FileEntry {
  const exonerated = row.exonerationValidUntil !== null;
  return present({
    code: row.code,
    clientName: row.clientName,
    email: row.email,
    legalId: row.legalId,
    phone: row.phone,
    address: row.address,
    exoneration: exonerated
      ? { certificate: row.exonerationCertificate, sagRegistry: row.exonerationSagRegistry, validUntil: row.exonerationValidUntil }
      : undefined,
  });
}

/**
 * The integration's defaults by code. A default not set is written as null (which clears it, as
 * it is); one naming a deleted user, list or terminal is left out (as it is), since the file may
 * not name a deleted entry. A closed emission point may stay named.
 */
export function storedIntegration(row: setup.IntegrationSettings): FileEntry {
  const point = row.emissionPoint;
  const code = (entry: { code: string; deletedAt: Date | null } | null) =>
    entry === null ? null : entry.deletedAt ? undefined : entry.code;
  const entry: FileEntry = {
    enabled: row.enabled,
    emissionPoint: point ? `${point.establishment.code}-${point.code}` : null,
    creatorUser: code(row.creatorUser),
    priceList: code(row.priceList),
    paymentTerminal: code(row.paymentTerminal),
    exoneratedSales: row.exoneratedSales,
  };
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
}
