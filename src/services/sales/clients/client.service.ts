import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/mysql';
import { isUniqueViolation } from '../../../db/unique-violation';
import { inject, injectable } from 'inversify';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import { Client, Company } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { Principal } from '../../access';
import { ReadCache } from '../../../db/read-cache';

export interface NewClient {
  clientName: string;
  email: string;
  legalId: string | null;
  phone: string | null;
  address: string | null;
}

/** What the API answers of a client; one list, read by SQL and taken from a created entity alike. */
const CLIENT_VIEW_FIELDS = ['id', 'clientName', 'email', 'legalId', 'phone', 'address', 'createdAt'] as const satisfies ReadonlyArray<
  keyof Client
>;
export type ClientView = Pick<Client, (typeof CLIENT_VIEW_FIELDS)[number]>;

export interface ClientPage {
  clients: ClientView[];
  count: number;
}

/** Rough memory of a cached client, for the read cache's byte bound. */
const APPROXIMATE_CLIENT_BYTES = 512;

/** Registers and lists a company's clients (POST/GET /v1/clients, decision 7). */
@injectable()
export class ClientService {
  private readonly columns;
  private readonly sql: { page: string; count: string };

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(ReadCache) private readonly cache: ReadCache,
  ) {
    this.columns = leanSelect(db, Client, 'c', CLIENT_VIEW_FIELDS);
    const from = `FROM ${tableOf(db, Client)} c WHERE c.company_id = ? AND c.deleted_at IS NULL`;
    // The total rides along each row (a window count): one round trip for page and count.
    this.sql = {
      page: `SELECT ${this.columns.columns}, COUNT(*) OVER () AS total ${from} ORDER BY c.client_name, c.id`,
      count: `SELECT COUNT(*) AS total ${from}`,
    };
  }

  /**
   * Creates a client with code = legalId, or API-<id> without one. The unique indexes on
   * (company, code) and (company, legalId) of live clients decide duplicates, so two racing
   * requests for one RTN give one 201 and one 409. An RTN a deleted client had, or one a client
   * held before the operator changed it, is free, but that client keeps its code: the new one is
   * then API-<id>.
   */
  async create(companyId: number, input: NewClient): Promise<Client> {
    try {
      return await this.em.transactional(async (em) => {
        const codeTaken = input.legalId !== null && (await em.count(Client, { company: companyId, code: input.legalId })) > 0;
        const rtnCode = codeTaken ? null : input.legalId;
        const client = em.create(Client, {
          company: em.getReference(Company, companyId),
          // A placeholder unique per request until the id is known.
          code: rtnCode ?? `API-PENDING-${randomUUID()}`,
          ...input,
        });
        await em.flush();
        if (!rtnCode) {
          client.code = `API-${client.id}`;
          await em.flush();
        }
        return client;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('UQ_CLIENT_CODE_COMPANY', 'A client with this code or RTN already exists in the company.');
      }
      throw err;
    }
  }

  /**
   * The company's clients by name then id; count is the company total whatever the page. From the
   * read cache while the company's clients counter (read when the caller authenticated) is the
   * one the page was read under: every writer of clients bumps it.
   */
  async list(principal: Pick<Principal, 'companyId' | 'revisions'>, page?: { page: number; limit: number }): Promise<ClientPage> {
    return this.cache.getOrRead(
      page ? `clients:${principal.companyId}:${page.page}:${page.limit}` : `clients:${principal.companyId}:all`,
      principal.revisions.clients,
      () => this.read(principal.companyId, page),
      (read) => APPROXIMATE_CLIENT_BYTES * (read.clients.length + 1),
    );
  }

  /**
   * Read below the unit of work (one plain SELECT): a page is only serialised, and hydrating 50
   * entities cost more than the query.
   */
  private async read(companyId: number, page?: { page: number; limit: number }): Promise<ClientPage> {
    const rows = page
      ? await this.db.select(`${this.sql.page} LIMIT ? OFFSET ?`, [companyId, page.limit, (page.page - 1) * page.limit])
      : await this.db.select(this.sql.page, [companyId]);
    // A page past the end has no row to carry the total.
    const total = rows.length > 0 ? rows[0].total : (await this.db.select(this.sql.count, [companyId]))[0].total;
    return { clients: rows.map((row) => this.columns.read(row)), count: Number(total) };
  }
}
