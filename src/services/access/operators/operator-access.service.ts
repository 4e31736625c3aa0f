import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { Company, ConsoleOperatorCompany } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import type { SessionOperator } from './console-sessions.service';

export interface VisibleCompany extends CompanyRef {
  name: string;
}

/**
 * Which companies a console operator may see: every company for an administrator, the granted
 * ones for an accountant. The console resolves a page's company here, once, as the CLI resolves
 * `--company` through CompanyDirectory; a company outside the operator's reach is simply absent.
 */
@injectable()
export class OperatorAccess {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** The ids of the companies the operator may see; null for every company (an administrator). */
  async companyIds(operator: SessionOperator): Promise<number[] | null> {
    if (operator.role === 'admin') return null;
    const grants = await this.em.find(ConsoleOperatorCompany, { operator: operator.id });
    return grants.map((grant) => grant.company.id);
  }

  async companies(operator: SessionOperator): Promise<VisibleCompany[]> {
    const companies =
      operator.role === 'admin'
        ? await this.em.find(Company, {}, { orderBy: { code: 'asc' } })
        : (await this.em.find(ConsoleOperatorCompany, { operator: operator.id }, { populate: ['company'] }))
            .map((grant) => grant.company)
            .sort((a, b) => a.code.localeCompare(b.code));
    return companies.map((c) => ({ id: c.id, code: c.code, name: c.name }));
  }

  /** The company with this code if the operator may see it (compared as the database does: any case), else null. */
  async company(operator: SessionOperator, code: string): Promise<VisibleCompany | null> {
    const company = await this.em.findOne(Company, { code });
    if (!company) return null;
    if (operator.role !== 'admin' && !(await this.em.count(ConsoleOperatorCompany, { operator: operator.id, company: company.id })))
      return null;
    return { id: company.id, code: company.code, name: company.name };
  }
}
