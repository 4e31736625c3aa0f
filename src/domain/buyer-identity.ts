import { isValidRtn, RTN_RULE } from './rtn';

/**
 * How a final consumer above the threshold is identified on an invoice (Acuerdo 481-2017 Art. 11
 * num. 2, last paragraph: names, and the type and number of an identity document in the RTN's
 * space): an RTN, the DNI (tarjeta de identidad), a passport or a resident's card (decision 70).
 */
export const BUYER_ID_TYPES = ['RTN', 'DNI', 'PASAPORTE', 'CARNE_RESIDENTE'] as const;
export type BuyerIdType = (typeof BUYER_ID_TYPES)[number];

/** A sale's buyer named in the request, without a registered client. */
export interface SaleBuyer {
  name: string;
  idType: BuyerIdType;
  idNumber: string;
}

/** The longest name a buyer may have: the invoice's client name column. */
export const MAX_BUYER_NAME_LENGTH = 255;

const ALPHANUMERIC_5_20 = { pattern: /^[A-Za-z0-9]{5,20}$/, rule: '5 to 20 letters or digits' };
const NUMBER_SHAPES: Record<Exclude<BuyerIdType, 'RTN'>, { pattern: RegExp; rule: string }> = {
  DNI: { pattern: /^\d{13}$/, rule: 'exactly 13 digits' },
  PASAPORTE: ALPHANUMERIC_5_20,
  CARNE_RESIDENTE: ALPHANUMERIC_5_20,
};

/** Whether `idNumber` is a number of its type (an RTN by the one rule of every RTN). */
export function isBuyerIdNumber(idType: BuyerIdType, idNumber: string): boolean {
  return idType === 'RTN' ? isValidRtn(idNumber) : NUMBER_SHAPES[idType].pattern.test(idNumber);
}

/** What a number of the type is, in words, for the refusal of one that is not. */
export function buyerIdNumberRule(idType: BuyerIdType): string {
  return idType === 'RTN' ? RTN_RULE : NUMBER_SHAPES[idType].rule;
}

/**
 * What the invoice prints in the RTN's space, and the sales register under RTN Cliente: an RTN
 * as an RTN, any other document as its type and number (`DNI 0801199012345`).
 */
export function printedBuyerId(buyer: Pick<SaleBuyer, 'idType' | 'idNumber'>): string {
  return buyer.idType === 'RTN' ? buyer.idNumber : `${buyer.idType} ${buyer.idNumber}`;
}
