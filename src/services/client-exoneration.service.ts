import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { isCalendarDate } from '../domain/calendar-date';
import { Client } from '../entities';
import { TOKENS } from '../tokens';
import { OperatorError } from './operator-error';

/** Longest certificate number the clients table holds. */
const MAX_CERTIFICATE_LENGTH = 64;

/**
 * Records or clears a client's exoneration (DESIGN section 4). It is operator data: the API
 * never sets it, and issuing reads it to decide whether a sale is exonerated.
 */
@injectable()
export class ClientExonerationService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** Sets the certificate and its last valid day (YYYY-MM-DD, inclusive) on a live client of the company. */
  async exonerate(companyCode: string, clientId: number, certificate: string, validUntil: string): Promise<Client> {
    const trimmed = certificate.trim();
    if (trimmed === '' || trimmed.length > MAX_CERTIFICATE_LENGTH) {
      throw new OperatorError(`the certificate must be 1 to ${MAX_CERTIFICATE_LENGTH} characters`);
    }
    if (!isCalendarDate(validUntil)) throw new OperatorError(`the valid-until date must be a real date as YYYY-MM-DD, got "${validUntil}"`);
    const client = await this.findLiveClient(companyCode, clientId);
    client.exonerationCertificate = trimmed;
    client.exonerationValidUntil = validUntil;
    await this.em.flush();
    return client;
  }

  /** Removes the exoneration, so the client's next sales are taxed normally. */
  async clear(companyCode: string, clientId: number): Promise<Client> {
    const client = await this.findLiveClient(companyCode, clientId);
    client.exonerationCertificate = null;
    client.exonerationValidUntil = null;
    await this.em.flush();
    return client;
  }

  // A client of another company answers like a missing one, as it does in the API.
  private async findLiveClient(companyCode: string, clientId: number): Promise<Client> {
    const client = await this.em.findOne(Client, { id: clientId, company: { code: companyCode }, deletedAt: null });
    if (!client) throw new OperatorError(`company ${companyCode} has no client with id ${clientId}`);
    return client;
  }
}
