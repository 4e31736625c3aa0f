import type { Company, Establishment } from '../../../entities';
import type { PrintedDocument } from '../../../pdf/template-data';

/**
 * The issuer block of a printed document, from the company and the issuing establishment: as they
 * are now (the template check's sample), or as a document stored them at issue.
 */
export function issuerOf(
  company: Pick<Company, 'name' | 'tradeName' | 'rtn' | 'address' | 'phone' | 'email'>,
  establishment: Pick<Establishment, 'code' | 'name' | 'address'>,
): PrintedDocument['issuer'] {
  return {
    name: company.name,
    tradeName: company.tradeName,
    rtn: company.rtn,
    address: company.address ?? '',
    phone: company.phone,
    email: company.email,
    establishment: { code: establishment.code, name: establishment.name, address: establishment.address },
  };
}
