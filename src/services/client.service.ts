import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/mysql';
import { isUniqueViolation } from '../db/unique-violation';
import { inject, injectable } from 'inversify';
import { AppError } from '../domain/app-error';
import { Client, Company } from '../entities';
import { TOKENS } from '../tokens';

export interface NewClient {
  clientName: string;
  email: string;
  legalId: string | null;
  phone: string | null;
  address: string | null;
}

export interface ClientPage {
  clients: Client[];
  count: number;
}

/** Registers and lists a company's clients (POST/GET /v1/clients, decision 7). */
@injectable()
export class ClientService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /**
   * Creates a client with code = legalId, or API-<id> without one. The unique indexes on
   * (company, code) and (company, legalId) decide duplicates, so two racing requests for one RTN
   * give one 201 and one 409.
   */
  async create(companyId: number, input: NewClient): Promise<Client> {
    try {
      return await this.em.transactional(async (em) => {
        const client = em.create(Client, {
          company: em.getReference(Company, companyId),
          // A placeholder unique per request until the id is known.
          code: input.legalId ?? `API-PENDING-${randomUUID()}`,
          ...input,
        });
        await em.flush();
        if (!input.legalId) {
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

  /** The company's clients by name then id; count is the company total whatever the page. */
  async list(companyId: number, page?: { page: number; limit: number }): Promise<ClientPage> {
    const where = { company: companyId, deletedAt: null };
    const [clients, count] = await this.em.findAndCount(Client, where, {
      orderBy: { clientName: 'asc', id: 'asc' },
      ...(page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : {}),
    });
    return { clients, count };
  }
}
