import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/app-error';
import { Company, EmissionPoint, Establishment, IntegrationSettings, OperatorUser, PaymentTerminal, PriceList } from '../../entities';
import { TOKENS } from '../../tokens';

/** The integration defaults an invoice is priced and issued with, all present and not deleted. */
export interface IntegrationConfig {
  company: Company;
  exoneratedSales: boolean;
  establishment: Establishment;
  emissionPoint: EmissionPoint;
  creatorUser: OperatorUser;
  priceList: PriceList;
  /** Null only for previews, which do not need one (a preview is never paid). */
  paymentTerminal: PaymentTerminal | null;
}

/**
 * Loads and checks the company's integration defaults in one query (decision 6): missing ones
 * are INTEGRATION_MISSING_*, deleted ones *_NOT_FOUND where the API has such a code, else MISSING (a deleted creator user or price list is no default).
 */
@injectable()
export class IntegrationConfigLoader {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async load(companyId: number, purpose: 'preview' | 'issue'): Promise<IntegrationConfig> {
    const settings = await this.em.findOneOrFail(
      IntegrationSettings,
      { company: companyId },
      { populate: ['company', 'emissionPoint.establishment', 'creatorUser', 'priceList', 'paymentTerminal'] },
    );
    const { emissionPoint, creatorUser, priceList, paymentTerminal } = settings;
    if (!emissionPoint) throw new AppError('INTEGRATION_MISSING_EMISSION_POINT', 'The company has no default emission point configured.');
    if (emissionPoint.deletedAt || emissionPoint.establishment.deletedAt) {
      throw new AppError('INTEGRATION_EMISSION_POINT_NOT_FOUND', 'The configured emission point no longer exists.');
    }
    if (!creatorUser || creatorUser.deletedAt)
      throw new AppError('INTEGRATION_MISSING_CREATOR_USER', 'The company has no default creator user configured.');
    if (!priceList || priceList.deletedAt)
      throw new AppError('INTEGRATION_MISSING_PRICE_TYPE', 'The company has no default price list configured.');
    if (purpose === 'issue') {
      if (!paymentTerminal)
        throw new AppError('INTEGRATION_MISSING_PAYMENT_TERMINAL', 'The company has no default payment terminal configured.');
      if (paymentTerminal.deletedAt)
        throw new AppError('INTEGRATION_PAYMENT_TERMINAL_NOT_FOUND', 'The configured payment terminal no longer exists.');
    }
    return {
      company: settings.company,
      exoneratedSales: settings.exoneratedSales,
      establishment: emissionPoint.establishment,
      emissionPoint,
      creatorUser,
      priceList,
      paymentTerminal: purpose === 'issue' ? paymentTerminal : null,
    };
  }
}
