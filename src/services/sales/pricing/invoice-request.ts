import type Big from 'big.js';
import type { SaleBuyer } from '../../../domain/buyer-identity';

/** A validated invoice create / preview request, amounts as Big. */
export interface InvoiceRequest {
  items: InvoiceRequestItem[];
  clientId: number | null;
  /** A final consumer named and identified in the request (never with a clientId). */
  buyer: SaleBuyer | null;
  invoiceDate: Date;
  purchaseOrderNumber: string | null;
  /** No. correlativo de la Orden de Compra Exenta (trimmed); only an exonerated sale may carry one. */
  exemptPurchaseOrderNumber: string | null;
}

export interface InvoiceRequestItem {
  externalProductId: string;
  quantity: Big;
  /** Supplied price, always lempiras; null means the price-list price applies. */
  price: Big | null;
}
