import type { Container } from 'inversify';
import type { Actor } from '../../domain/actor';
import { hondurasDate } from '../../domain/calendar-date';
import { ApiKeyService } from '../../services/api-key.service';
import { CompanySetupService } from '../../services/company-setup/company-setup.service';
import { CompanyDirectory } from '../../services/company-directory.service';
import { demoSetupDocument } from './demo-company';

export interface DemoCredentials {
  companyCode: string;
  apiKey: string;
}

/**
 * Creates or refreshes the demo company through the same `apply` an operator uses, then issues a
 * fresh key, revoking the oldest one at the two-key limit so the demo can be run again and again.
 * The one implementation behind both `admin demo` and `npm run demo`.
 */
export async function setUpDemoCompany(container: Container, actor: Actor, now = new Date()): Promise<DemoCredentials> {
  const { companyCode } = await container.get(CompanySetupService).apply(actor, demoSetupDocument(hondurasDate(now)));
  const company = await container.get(CompanyDirectory).byCode(companyCode);
  const { key } = await container.get(ApiKeyService).rotate(actor, company, now);
  return { companyCode, apiKey: key };
}
