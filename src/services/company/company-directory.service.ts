import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/app-error';
import { Company } from '../../entities';
import { TOKENS } from '../../tokens';

/**
 * The company an operator's request is about, resolved once by the edge that received it (the
 * CLI's `--company`), as the API's principal carries the caller's company. Services take it and
 * never look a company up by code themselves; the code is there for their messages.
 */
export interface CompanyRef {
  readonly id: number;
  readonly code: string;
}

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
