import Big from 'big.js';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../../config/config';
import { AppError } from '../../../domain/app-error';
import { amountInWords, MAX_AMOUNT_IN_WORDS } from '../../../domain/amount-in-words';
import { hondurasDate } from '../../../domain/calendar-date';
import { identifiesByRtn } from '../../../domain/rtn';
import { computeTotals, InvoiceTotals, TotalsInputError } from '../../../domain/totals-engine';
import { CatalogLine, CatalogLineResolver } from './catalog-lines';
import { IntegrationConfig, integrationConfigOf } from './integration-config';
import type { InvoiceRequest } from './invoice-request';
import { PricingSnapshots } from './pricing-snapshot';
import { SaleClient, SaleClientResolver } from './sale-client';
import { formatLempiras } from '../../../pdf/format';
import { TOKENS } from '../../../tokens';
import type { Principal } from '../../access';

/** Everything a priced sale needs to be previewed, issued or printed. */
export interface PricedInvoice {
  request: InvoiceRequest;
  config: IntegrationConfig;
  sale: SaleClient;
  lines: CatalogLine[];
  totals: InvoiceTotals;
  totalInLetters: string;
}

/**
 * Prices a sale with the company's real configuration: integration defaults, client and
 * exoneration, catalog lines, then the one totals engine. Preview and issuing both call this,
 * so a preview shows exactly what the invoice will say. The configuration and catalog come from
 * the company's snapshot as of the caller's authentication (pricing-snapshot.ts), the client
 * from the read cache or one SELECT.
 */
@injectable()
export class InvoicePricer {
  constructor(
    @inject(PricingSnapshots) private readonly snapshots: PricingSnapshots,
    @inject(SaleClientResolver) private readonly clients: SaleClientResolver,
    @inject(CatalogLineResolver) private readonly catalog: CatalogLineResolver,
    @inject(TOKENS.Config) private readonly config: AppConfig,
  ) {}

  async price(
    principal: Pick<Principal, 'companyId' | 'revisions'>,
    request: InvoiceRequest,
    purpose: 'preview' | 'issue',
  ): Promise<PricedInvoice> {
    const invoiceDay = hondurasDate(request.invoiceDate);
    const snapshot = await this.snapshots.of(principal);
    const config = integrationConfigOf(snapshot.defaults, purpose);
    const sale = await this.clients.resolve(principal, request, invoiceDay, config.exoneratedSales);
    const lines = this.catalog.resolve(snapshot.catalog, request.items, invoiceDay);
    const totals = computeTotalsOrRefuse({
      lines: lines.map((l) => l.totalsInput),
      exonerated: sale.exonerated,
      exchangeRate: config.company.exchangeRate === null ? null : new Big(config.company.exchangeRate),
    });
    if (totals.total.gt(MAX_AMOUNT_IN_WORDS)) {
      throw new AppError(
        'INVALID_REQUEST',
        `The invoice total ${totals.total.toFixed(2)} exceeds the largest invoice total, ${MAX_AMOUNT_IN_WORDS.toFixed(2)} lempiras.`,
      );
    }
    this.refuseAnonymousLargeSale(totals.total, sale, request);
    return { request, config, sale, lines, totals, totalInLetters: amountInWords(totals.total) };
  }

  /**
   * Above the final-consumer threshold the buyer must be named and identified (Acuerdo 481-2017
   * Art. 11 num. 2): a client with an RTN, or a buyer with an identity document (decision 70).
   * Checked here, before issuing takes any number.
   */
  private refuseAnonymousLargeSale(total: Big, sale: SaleClient, request: InvoiceRequest): void {
    const threshold = this.config.finalConsumerIdThreshold;
    if (threshold === null || total.lte(threshold) || identifiesByRtn(sale.client?.legalId) || request.buyer) return;
    throw new AppError(
      'EXTERNAL_INVOICE_BUYER_ID_REQUIRED',
      `The total ${formatLempiras(total)} exceeds ${formatLempiras(threshold)} (FINAL_CONSUMER_ID_THRESHOLD), the most a sale to an unidentified final consumer may total: send the clientId of a client with an RTN (legalId), or the buyer's name and identity document (buyer).`,
    );
  }
}

function computeTotalsOrRefuse(input: Parameters<typeof computeTotals>[0]): InvoiceTotals {
  try {
    return computeTotals(input);
  } catch (err) {
    if (err instanceof TotalsInputError) throw new AppError(err.code, err.message);
    throw err;
  }
}
