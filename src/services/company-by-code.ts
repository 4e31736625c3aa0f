import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { Company } from '../entities';
import { AppError } from '../domain/app-error';

/** The company an operator command names, or the command's one-line refusal. */
export async function companyByCode(em: EntityManager, code: string, lockMode?: LockMode): Promise<Company> {
  const company = await em.findOne(Company, { code }, lockMode === undefined ? {} : { lockMode });
  if (!company) throw new AppError('COMPANY_NOT_FOUND', `unknown company ${code}`);
  return company;
}
