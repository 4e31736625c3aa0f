import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/app-error';
import { Company } from '../../entities';
import type { CompanyRef } from '../../domain/company-ref';
import { TOKENS } from '../../tokens';

/** Finds the companies operators name. */
@injectable()
export class CompanyDirectory {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** The company with this code (compared as the database's collation does: any case), or COMPANY_NOT_FOUND. */
  async byCode(code: string): Promise<CompanyRef> {
    const company = await this.em.findOne(Company, { code });
    if (!company) throw new AppError('COMPANY_NOT_FOUND', `unknown company ${code}`);
    return { id: company.id, code: company.code };
  }
}
