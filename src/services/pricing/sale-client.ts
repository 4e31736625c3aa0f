import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/app-error';
import { Client } from '../../entities';
import { TOKENS } from '../../tokens';

/** The client of a sale and whether the sale is exonerated (DESIGN section 4). */
export interface SaleClient {
  client: Client | null;
  exonerated: boolean;
  /** The certificate printed on an exonerated invoice; null when exonerated by the integration flag alone. */
  exonerationCertificate: string | null;
}

/** Resolves clientId within the company and decides exoneration for the invoice's Honduras day. */
@injectable()
export class SaleClientResolver {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async resolve(companyId: number, clientId: number | null, invoiceDay: string, exoneratedSales: boolean): Promise<SaleClient> {
    const client = clientId === null ? null : await this.em.findOne(Client, { id: clientId, company: companyId, deletedAt: null });
    if (clientId !== null && !client) {
      throw new AppError('EXTERNAL_INVOICE_CLIENT_NOT_FOUND', `Client ${clientId} does not exist in this company.`);
    }
    const certificateValid = !!client?.exonerationCertificate && !!client.exonerationValidUntil && client.exonerationValidUntil >= invoiceDay;
    const exonerated = exoneratedSales || certificateValid;
    if (exonerated && !client) {
      throw new AppError('EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT', 'Sales of this company are exonerated and need a clientId.');
    }
    if (exonerated && !client?.legalId) {
      throw new AppError('EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN', 'An exonerated sale needs a client with an RTN (legalId).');
    }
    return { client, exonerated, exonerationCertificate: exonerated && certificateValid ? client!.exonerationCertificate : null };
  }
}
