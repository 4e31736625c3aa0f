import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { Client } from '../../../entities';
import { CLIENT_EXONERATION_FIELDS } from '../../../entities/client.entity';
import { TOKENS } from '../../../tokens';

const CLIENT_FIELDS = ['id', 'code', 'clientName', 'legalId', ...CLIENT_EXONERATION_FIELDS] as const;

export type ClientRow = Pick<Client, (typeof CLIENT_FIELDS)[number]>;

const PAGE_SIZE = 50;

/** The console's list of a company's live clients with their exoneration, 50 a page by name. */
@injectable()
export class ClientList {
  private readonly columns;
  private readonly sql: string;

  constructor(@inject(TOKENS.Sql) private readonly db: SqlClient) {
    this.columns = leanSelect(db, Client, 'c', CLIENT_FIELDS);
    // (company, name, id): the page is read in index order.
    this.sql =
      `SELECT ${this.columns.columns} FROM ${tableOf(db, Client)} c WHERE c.company_id = ? AND c.deleted_at IS NULL` +
      ' ORDER BY c.client_name, c.id LIMIT ? OFFSET ?';
  }

  async page(companyId: number, page: number): Promise<{ rows: ClientRow[]; hasNext: boolean }> {
    const found = await this.db.select(this.sql, [companyId, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE]);
    return { rows: found.slice(0, PAGE_SIZE).map((row) => this.columns.read(row)), hasNext: found.length > PAGE_SIZE };
  }
}
