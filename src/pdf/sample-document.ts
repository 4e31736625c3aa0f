import { DOCUMENT_TYPE_INFO, unknownDocumentType, type DocumentType } from '../domain/document-type';
import type { PrintedCommon, PrintedDocument, PrintedOf } from './template-data';

/**
 * A made-up issued document of a type that fills every field of its template data, every list
 * included (a third tax rate fills otherTaxes): what `admin template check` renders, and the
 * source of the field names a template of that type may use.
 */
export function sampleDocument<K extends DocumentType>(type: K, issuer: Partial<PrintedDocument['issuer']> = {}): PrintedOf<K> {
  // Narrowed by the switch below; a generic parameter itself is not.
  const documentType: DocumentType = type;
  const number = (n: string) => `000-001-${DOCUMENT_TYPE_INFO[documentType].code}-${n}`;
  const common: PrintedCommon = {
    preview: false,
    issuer: {
      name: 'Empresa de Muestra S. de R.L.',
      tradeName: 'Muestra',
      rtn: '08019000000000',
      address: 'Col. Palmira, Tegucigalpa M.D.C.',
      phone: '+504 2200-0000',
      email: 'facturas@muestra.hn',
      establishment: { code: '000', name: 'Casa matriz', address: 'Col. Palmira, Tegucigalpa M.D.C.' },
      ...issuer,
    },
    fiscalNumber: number('00000001'),
    cai: 'A1B2C3-D4E5F6-A7B8C9-D0E1F2-A3B4C5-D6',
    range: { from: number('00000001'), to: number('00005000') },
    deadline: '2099-12-31',
    // A token no document has (the host is reserved, never resolved): the sample's QR leads nowhere.
    verificationUrl: 'https://facturas.ejemplo.invalid/verify/MUESTRA-SIN-VALIDEZ-01',
    issuedAt: new Date('2026-01-15T16:30:00Z'),
    client: { name: 'Cliente de Muestra S.A.', rtn: '08019000000001' },
    lines: [
      { code: 'P-001', description: 'Producto gravado 15 %', quantity: '2', unitPrice: '100', discount: '10', amount: '200' },
      { code: 'P-002', description: 'Producto gravado 18 %', quantity: '1', unitPrice: '50', discount: '0', amount: '50' },
      { code: 'P-003', description: 'Producto exento', quantity: '1', unitPrice: '30', discount: '0', amount: '30' },
      { code: 'P-004', description: 'Producto a otra tasa', quantity: '1', unitPrice: '20', discount: '0', amount: '20' },
    ],
    totals: {
      importe: '300',
      discount: '10',
      exonerated: '0',
      exempt: '30',
      taxBreakdown: [
        { rate: '12', taxedAmount: '20', taxAmount: '2.40' },
        { rate: '15', taxedAmount: '190', taxAmount: '28.50' },
        { rate: '18', taxedAmount: '50', taxAmount: '9' },
      ],
      total: '329.90',
    },
    totalInLetters: 'TRESCIENTOS VEINTINUEVE LEMPIRAS CON 90/100',
    exoneration: { exemptPurchaseOrderNumber: 'OCE-0001', certificate: 'EXO-0001', sagRegistry: 'SAG-0001' },
  };
  return sampleOf(documentType, common) as PrintedOf<K>;
}

/** The sample's own slice: what its type prints beyond the common part. */
function sampleOf(documentType: DocumentType, common: PrintedCommon): PrintedDocument {
  switch (documentType) {
    case 'invoice':
      return { ...common, documentType, purchaseOrderNumber: 'OC-0001', exchangeRate: '24.6512' };
    case 'creditNote':
    case 'debitNote':
      return {
        ...common,
        documentType,
        reason: documentType === 'creditNote' ? 'Devolución de mercadería' : 'Cargo por flete',
        modifies: {
          cai: 'F1E2D3-C4B5A6-F7E8D9-C0B1A2-F3E4D5-C6',
          fiscalNumber: '000-001-01-00000042',
          issuedAt: new Date('2026-01-10T15:00:00Z'),
        },
      };
    default:
      return unknownDocumentType(documentType);
  }
}
