import type { Container } from 'inversify';
import type { Actor } from '../../domain/actor';
import { hondurasDate } from '../../domain/calendar-date';
import { ApiKeyService, OperatorAccounts } from '../../services/access';
import { CompanySetupService, CompanyDirectory } from '../../services/company';
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
  const { companyCode } = await container.get(CompanySetupService).apply(actor, demoSetupDocument(hondurasDate(now)), now);
  const company = await container.get(CompanyDirectory).byCode(companyCode);
  const { key } = await container.get(ApiKeyService).rotate(actor, company, now);
  return { companyCode, apiKey: key };
}

/** The demo's console administrator: `npm run demo` prints its e-mail and a fresh password. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.hn';

export interface DemoAdministrator {
  email: string;
  password: string;
}

/** Creates the demo administrator, or gives it a new password when it exists (each demo run prints a working one). */
export async function setUpDemoAdministrator(container: Container, actor: Actor): Promise<DemoAdministrator> {
  const accounts = container.get(OperatorAccounts);
  const existing = (await accounts.list()).some((o) => o.email === DEMO_ADMIN_EMAIL);
  const { password } = existing
    ? await accounts.resetPassword(actor, DEMO_ADMIN_EMAIL)
    : await accounts.add(actor, { email: DEMO_ADMIN_EMAIL, name: 'Administrador de la demo', role: 'admin', companies: [] });
  return { email: DEMO_ADMIN_EMAIL, password };
}
