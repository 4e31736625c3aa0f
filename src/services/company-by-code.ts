import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { Company } from '../entities';
import { RefusalError } from '../domain/refusal-error';

/** The company an operator command names, or the command's one-line refusal. */
export async function companyByCode(em: EntityManager, code: string, lockMode?: LockMode): Promise<Company> {
  const company = await em.findOne(Company, { code }, lockMode === undefined ? {} : { lockMode });
  if (!company) throw new RefusalError(`unknown company ${code}`);
  return company;
}
