import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/app-error';
import { Client } from '../../entities';
import { TOKENS } from '../../tokens';

/** The client of a sale and whether the sale is exonerated (DESIGN section 4). */
export interface SaleClient {
  client: Client | null;
  exonerated: boolean;
  /** Constancia del Registro de Exonerados printed on an exonerated invoice; null without a valid client exoneration. */
  exonerationCertificate: string | null;
  /** Registro SAG number printed on an exonerated invoice; null without a valid client exoneration. */
  exonerationSagRegistry: string | null;
}

/**
 * Resolves clientId within the company and decides exoneration for the invoice's Honduras day.
 * An exonerated invoice must print at least one of the buyer's references (Acuerdo 481-2017 Art. 10
 * num. 8 and Art. 11 num. 4): the per-sale exempt purchase order number, or the client's
 * certificate or SAG registry. The exempt purchase order never makes a sale exonerated: that is
 * the operator's data on the client, so sent on a taxed sale it is an inconsistent request.
 */
@injectable()
export class SaleClientResolver {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async resolve(
    companyId: number,
    request: { clientId: number | null; exemptPurchaseOrderNumber: string | null },
    invoiceDay: string,
    exoneratedSales: boolean,
  ): Promise<SaleClient> {
    const { clientId } = request;
    const client = clientId === null ? null : await this.em.findOne(Client, { id: clientId, company: companyId, deletedAt: null });
    if (clientId !== null && !client) {
      throw new AppError('EXTERNAL_INVOICE_CLIENT_NOT_FOUND', `Client ${clientId} does not exist in this company.`);
    }
    const hasReference = !!client?.exonerationCertificate || !!client?.exonerationSagRegistry;
    const clientExonerated = hasReference && !!client?.exonerationValidUntil && client.exonerationValidUntil >= invoiceDay;
    const exonerated = exoneratedSales || clientExonerated;
    if (!exonerated) {
      if (request.exemptPurchaseOrderNumber !== null) {
        throw new AppError(
          'INVALID_REQUEST',
          "exemptPurchaseOrderNumber is only for an exonerated sale, and this sale is not exonerated (exoneration is the client's operator data; it is not set by the request).",
        );
      }
      return { client, exonerated, exonerationCertificate: null, exonerationSagRegistry: null };
    }
    if (!client) {
      throw new AppError('EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT', 'Sales of this company are exonerated and need a clientId.');
    }
    if (!client.legalId) {
      throw new AppError('EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN', 'An exonerated sale needs a client with an RTN (legalId).');
    }
    const certificate = (clientExonerated && client.exonerationCertificate) || null;
    const sagRegistry = (clientExonerated && client.exonerationSagRegistry) || null;
    if (certificate === null && sagRegistry === null && request.exemptPurchaseOrderNumber === null) {
      throw new AppError(
        'EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE',
        "An exonerated sale must print the buyer's exoneration reference: send exemptPurchaseOrderNumber (No. correlativo de la Orden de Compra Exenta), or have the operator record the client's exoneration certificate or Registro SAG number.",
      );
    }
    return { client, exonerated, exonerationCertificate: certificate, exonerationSagRegistry: sagRegistry };
  }
}
