import { inject, injectable } from 'inversify';
import { leanSelect, tableOf, type LeanSelect } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { AppError } from '../../../domain/app-error';
import { identifiesByRtn } from '../../../domain/rtn';
import { Client } from '../../../entities';
import { CLIENT_EXONERATION_FIELDS } from '../../../entities/client.entity';
import { TOKENS } from '../../../tokens';
import type { Principal } from '../../access';
import { ReadCache } from '../../../db/read-cache';

const SALE_CLIENT_FIELDS = ['id', 'clientName', 'legalId', ...CLIENT_EXONERATION_FIELDS] as const;

/** What a sale uses of its client: who it is, and its exoneration. */
export type SaleClientRow = Pick<Client, (typeof SALE_CLIENT_FIELDS)[number]>;

/** The client of a sale and whether the sale is exonerated (decision 8). */
export interface SaleClient {
  client: SaleClientRow | null;
  exonerated: boolean;
  /** Constancia del Registro de Exonerados printed on an exonerated invoice; null without a valid client exoneration. */
  exonerationCertificate: string | null;
  /** Registro SAG number printed on an exonerated invoice; null without a valid client exoneration. */
  exonerationSagRegistry: string | null;
}

/** Rough memory of a kept client, for the read cache's byte bound. */
const APPROXIMATE_CLIENT_BYTES = 512;

/**
 * Resolves clientId within the company and decides exoneration for the invoice's Honduras day.
 * An exonerated invoice must print at least one of the buyer's references (Acuerdo 481-2017 Art. 10
 * num. 8 and Art. 11 num. 4): the per-sale exempt purchase order number, or the client's
 * certificate or SAG registry. The exempt purchase order never makes a sale exonerated: that is
 * the operator's data on the client, so sent on a taxed sale it is an inconsistent request.
 *
 * The client row comes from the read cache under the company's `clients` counter, which every
 * change of a client moves (an exoneration included), else from one plain SELECT.
 */
@injectable()
export class SaleClientResolver {
  private readonly columns: LeanSelect<Client, (typeof SALE_CLIENT_FIELDS)[number]>;
  private readonly sql: string;

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(ReadCache) private readonly cache: ReadCache,
  ) {
    this.columns = leanSelect(db, Client, 'cl', SALE_CLIENT_FIELDS);
    this.sql = `SELECT ${this.columns.columns} FROM ${tableOf(db, Client)} cl WHERE cl.id = ? AND cl.company_id = ? AND cl.deleted_at IS NULL`;
  }

  async resolve(
    principal: Pick<Principal, 'companyId' | 'revisions'>,
    request: { clientId: number | null; exemptPurchaseOrderNumber: string | null },
    invoiceDay: string,
    exoneratedSales: boolean,
  ): Promise<SaleClient> {
    const { clientId } = request;
    const client = clientId === null ? null : await this.clientOf(principal, clientId);
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
    if (!identifiesByRtn(client.legalId)) {
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

  /** The live client of the company with this id, or null. An unknown id is not kept: it is an error, and rare. */
  private clientOf(principal: Pick<Principal, 'companyId' | 'revisions'>, clientId: number): Promise<SaleClientRow | null> {
    return this.cache.getOrRead(
      `sale-client:${principal.companyId}:${clientId}`,
      principal.revisions.clients,
      async () => {
        const [row] = await this.db.select(this.sql, [clientId, principal.companyId]);
        return row === undefined ? null : this.columns.read(row);
      },
      (client) => (client === null ? null : APPROXIMATE_CLIENT_BYTES),
    );
  }
}
