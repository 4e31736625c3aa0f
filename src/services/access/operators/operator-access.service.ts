import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { Company, ConsoleOperatorCompany } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import type { SessionOperator } from './console-session-lookup';

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
  private readonly columns;
  private readonly allSql: string;
  private readonly grantedSql: string;
  private readonly byCodeSql: string;
  private readonly grantedByCodeSql: string;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.columns = leanSelect(db, Company, 'c', ['id', 'code', 'name']);
    const from = `SELECT ${this.columns.columns} FROM ${tableOf(db, Company)} c`;
    const granted = ` JOIN ${tableOf(db, ConsoleOperatorCompany)} g ON g.\`company_id\` = c.\`id\` AND g.\`operator_id\` = ?`;
    this.allSql = `${from} ORDER BY c.\`code\` ASC`;
    this.grantedSql = `${from}${granted}`;
    this.byCodeSql = `${from} WHERE c.\`code\` = ?`;
    this.grantedByCodeSql = `${from}${granted} WHERE c.\`code\` = ?`;
  }

  /** The ids of the companies the operator may see; null for every company (an administrator). */
  async companyIds(operator: SessionOperator): Promise<number[] | null> {
    if (operator.role === 'admin') return null;
    return (await this.granted(operator)).map((company) => company.id);
  }

  async companies(operator: SessionOperator): Promise<VisibleCompany[]> {
    if (operator.role === 'admin') return (await this.db.select(this.allSql, [])).map((row) => this.columns.read(row));
    return (await this.granted(operator)).sort((a, b) => a.code.localeCompare(b.code));
  }

  /** The company with this code if the operator may see it (compared as the database does: any case), else null. */
  async company(operator: SessionOperator, code: string): Promise<VisibleCompany | null> {
    const [row] =
      operator.role === 'admin'
        ? await this.db.select(this.byCodeSql, [code])
        : await this.db.select(this.grantedByCodeSql, [operator.id, code]);
    return row === undefined ? null : this.columns.read(row);
  }

  private async granted(operator: SessionOperator): Promise<VisibleCompany[]> {
    return (await this.db.select(this.grantedSql, [operator.id])).map((row) => this.columns.read(row));
  }
}
