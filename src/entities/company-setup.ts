/**
 * The rows a company's setup is made of: what `admin apply` writes, `admin export` prints and
 * sales are priced with. The modules that handle the setup as a whole import this as one
 * namespace (`import * as setup from '…/entities/company-setup'`), so the group is listed once.
 */
export {
  CaiRange,
  Client,
  Company,
  DiscountPolicy,
  EmissionPoint,
  Establishment,
  IntegrationSettings,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  Product,
  ProductMapping,
  ProductPrice,
} from './index';
