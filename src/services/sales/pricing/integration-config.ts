import { AppError } from '../../../domain/app-error';
import type { CompanyEntryRow, CompanyProfile, EmissionPointRow, EstablishmentRow, IntegrationDefaults } from './pricing-snapshot';

/** The integration defaults an invoice is priced and issued with, all present and not deleted. */
export interface IntegrationConfig {
  company: CompanyProfile;
  exoneratedSales: boolean;
  establishment: EstablishmentRow;
  emissionPoint: EmissionPointRow;
  creatorUser: CompanyEntryRow;
  priceList: CompanyEntryRow;
  /** Null only for previews, which do not need one (a preview is never paid). */
  paymentTerminal: CompanyEntryRow | null;
}

/**
 * Checks the company's integration defaults (decision 6): missing ones are INTEGRATION_MISSING_*,
 * deleted ones *_NOT_FOUND where the API has such a code, else MISSING (a deleted creator user or
 * price list is no default).
 */
export function integrationConfigOf(defaults: IntegrationDefaults, purpose: 'preview' | 'issue'): IntegrationConfig {
  const { emissionPoint, creatorUser, priceList, paymentTerminal } = defaults;
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
    company: defaults.company,
    exoneratedSales: defaults.exoneratedSales,
    establishment: emissionPoint.establishment,
    emissionPoint,
    creatorUser,
    priceList,
    paymentTerminal: purpose === 'issue' ? paymentTerminal : null,
  };
}
