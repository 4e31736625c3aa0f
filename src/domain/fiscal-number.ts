import { DOCUMENT_TYPE_INFO, type DocumentType } from './document-type';

const MAX_SEQUENCE = 99_999_999;

function code3(code: string, label: string): string {
  if (!/^\d{1,3}$/.test(code)) throw new RangeError(`${label} must be 1 to 3 digits: ${JSON.stringify(code)}`);
  return code.padStart(3, '0');
}

/**
 * Printed number EEE-PPP-TT-NNNNNNNN, TT the document type's code, e.g.
 * ('000', '001', 'invoice', 42) -> '000-001-01-00000042', ('000', '001', 'creditNote', 1) -> '000-001-06-00000001'.
 * @throws RangeError for codes that are not 1-3 digits or a number outside 0..99,999,999.
 */
export function formatFiscalNumber(
  establishmentCode: string,
  emissionPointCode: string,
  documentType: DocumentType,
  number: number,
): string {
  if (!Number.isInteger(number) || number < 0 || number > MAX_SEQUENCE) {
    throw new RangeError(`Document number must be an integer in 0..${MAX_SEQUENCE}: ${number}`);
  }
  const sequence = String(number).padStart(8, '0');
  const establishment = code3(establishmentCode, 'Establishment code');
  const emissionPoint = code3(emissionPointCode, 'Emission point code');
  return `${establishment}-${emissionPoint}-${DOCUMENT_TYPE_INFO[documentType].code}-${sequence}`;
}

/** The layout of a CAI (five groups of six characters and one of two), for a preview that has none. */
export const CAI_LAYOUT = '000000-000000-000000-000000-000000-00';

/**
 * CAI for a preview: every letter and digit becomes X, dashes stay, so the layout is kept
 * and no character of the real authorization leaks onto a document without fiscal validity.
 */
export function maskCai(cai: string): string {
  return cai.replace(/[\p{L}\p{N}]/gu, 'X');
}
