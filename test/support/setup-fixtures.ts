import type { TestApp } from './test-app';
import { inContext, issueApiKey, sellingCompany, TEST_ACTOR } from './factories';
import { Company } from '../../src/entities';
import { CompanySetupService, type SetupDocument } from '../../src/services/company';

/** Applies a setup document through the operator's service, as `admin apply` does. */
export async function applySetup(t: TestApp, document: unknown): Promise<void> {
  await inContext(t.orm, () => t.container.get(CompanySetupService).apply(TEST_ACTOR, document));
}

export interface ReadyCompany {
  code: string;
  companyId: number;
  apiKey: string;
  auth: { Authorization: string };
}

/** Applies the document and issues a key: a company ready for the API, the one way tests create one. */
export async function setUpCompany(t: TestApp, document: SetupDocument = sellingCompany()): Promise<ReadyCompany> {
  await applySetup(t, document);
  const { code } = document.company;
  const { id: companyId } = await t.orm.em.fork().findOneOrFail(Company, { code });
  return { code, companyId, ...(await issueApiKey(t.orm, t.container, code)) };
}
