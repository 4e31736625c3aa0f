import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../db/lean-select';
import type { SqlClient } from '../../db/sql-client';
import { AppError } from '../../domain/app-error';
import { Company } from '../../entities';
import type { CompanyRef } from '../../domain/company-ref';
import { TOKENS } from '../../tokens';

/** Finds the companies operators name. */
@injectable()
export class CompanyDirectory {
  private readonly columns;
  private readonly byCodeSql: string;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.columns = leanSelect(db, Company, 'c', ['id', 'code']);
    this.byCodeSql = `SELECT ${this.columns.columns} FROM ${tableOf(db, Company)} c WHERE c.\`code\` = ?`;
  }

  /** The company with this code (compared as the database's collation does: any case), or COMPANY_NOT_FOUND. */
  async byCode(code: string): Promise<CompanyRef> {
    const [row] = await this.db.select(this.byCodeSql, [code]);
    if (row === undefined) throw new AppError('COMPANY_NOT_FOUND', `unknown company ${code}`);
    return this.columns.read(row);
  }
}
