import type { EntityManager } from '@mikro-orm/mysql';
import { AppError } from '../../../domain/app-error';
import type { CompanyRef } from '../../../domain/company-ref';
import { Client } from '../../../entities';

/**
 * The live client an operator's change is about. A client of another company, or a deleted one,
 * answers like a missing one, as it does in the API.
 */
export async function liveClient(em: EntityManager, company: CompanyRef, clientId: number): Promise<Client> {
  const client = await em.findOne(Client, { id: clientId, company: company.id, deletedAt: null });
  if (!client) throw new AppError('CLIENT_NOT_FOUND', `company ${company.code} has no client with id ${clientId}`);
  return client;
}

/** How the activity trail names a client: its code and its id. */
export function clientTarget(client: Client): string {
  return `client ${client.code} (id ${client.id})`;
}
