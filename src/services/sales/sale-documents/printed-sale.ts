import Big from 'big.js';
import type { DocumentType } from '../../../domain/document-type';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import type { SaleDocumentRecord } from '../../../entities';
import type { PrintedCommon } from '../../../pdf/template-data';
import { issuerOf } from '../../documents';

/** What an invoice or a note prints of itself, stored or (an invoice's preview) not yet numbered. */
export type PrintableSale = Pick<
  SaleDocumentRecord,
  | 'issuerName'
  | 'issuerTradeName'
  | 'issuerRtn'
  | 'issuerAddress'
  | 'issuerPhone'
  | 'issuerEmail'
  | 'establishmentName'
  | 'establishmentAddress'
  | 'clientName'
  | 'clientLegalId'
  | 'importe'
  | 'discountTotal'
  | 'exemptedAmount'
  | 'exoneratedAmount'
  | 'total'
  | 'totalInLetters'
> & {
  establishmentCode: string;
  emissionPointCode: string;
  lines: ReadonlyArray<{
    productCode: string | null;
    description: string;
    quantity: string;
    unitPrice: string;
    discountAmount: string;
    importe: string;
  }>;
  taxes: ReadonlyArray<{ rate: string; taxedAmount: string; taxAmount: string }>;
};

/** What numbers an issued sale document (absent on a preview), with the address its QR code encodes. */
export type SaleNumbering = Pick<
  SaleDocumentRecord,
  'fiscalNumber' | 'cai' | 'caiRangeStart' | 'caiRangeEnd' | 'caiDeadline' | 'isAnnulled'
> & {
  verificationUrl: string;
};

/**
 * The one mapping of what every sale document prints alike: its number, CAI and range (none on a
 * preview), the issuer and establishment, the buyer, its lines (a line without a product code
 * prints its description alone) and amounts, as stored, not as the company reads today. The
 * invoice and the notes add their slice and the exonerated buyer's references.
 */
export function printedSale(
  documentType: DocumentType,
  sale: PrintableSale,
  issuedAt: Date,
  numbering: SaleNumbering | null,
): Omit<PrintedCommon, 'exoneration'> {
  const printedNumber = (n: number) => formatFiscalNumber(sale.establishmentCode, sale.emissionPointCode, documentType, n);
  return {
    preview: numbering === null,
    ...(numbering && {
      annulled: numbering.isAnnulled,
      fiscalNumber: numbering.fiscalNumber,
      cai: numbering.cai,
      range: { from: printedNumber(numbering.caiRangeStart), to: printedNumber(numbering.caiRangeEnd) },
      deadline: numbering.caiDeadline,
      verificationUrl: numbering.verificationUrl,
    }),
    issuer: issuerOf(
      {
        name: sale.issuerName,
        tradeName: sale.issuerTradeName,
        rtn: sale.issuerRtn,
        address: sale.issuerAddress,
        phone: sale.issuerPhone,
        email: sale.issuerEmail,
      },
      { code: sale.establishmentCode, name: sale.establishmentName, address: sale.establishmentAddress },
    ),
    issuedAt,
    client: sale.clientName ? { name: sale.clientName, rtn: sale.clientLegalId } : null,
    lines: sale.lines.map((line) => ({
      code: line.productCode ?? '',
      description: line.description,
      quantity: new Big(line.quantity).toFixed(),
      unitPrice: new Big(line.unitPrice).toFixed(),
      discount: line.discountAmount,
      amount: line.importe,
    })),
    totals: {
      importe: sale.importe,
      discount: sale.discountTotal,
      exonerated: sale.exoneratedAmount,
      exempt: sale.exemptedAmount,
      taxBreakdown: sale.taxes.map((t) => ({ rate: new Big(t.rate).toFixed(), taxedAmount: t.taxedAmount, taxAmount: t.taxAmount })),
      total: sale.total,
    },
    totalInLetters: sale.totalInLetters,
  };
}
