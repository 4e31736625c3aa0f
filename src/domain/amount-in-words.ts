import Big from 'big.js';
import { DecimalInput, round2, toBig } from './money';

/** Largest amount an invoice total can reach: DECIMAL(18,2) is wider, the wording stops here. */
export const MAX_AMOUNT_IN_WORDS = new Big('999999999999.99');

// 0..29 are single words in current RAE spelling (DIECISÉIS, VEINTIDÓS...).
const UNITS = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

// Every number here is followed by a masculine noun (LEMPIRAS, MIL, MILLONES), so UNO and
// VEINTIUNO always take their apocopated forms UN and VEINTIÚN.
function below100(n: number): string {
  if (n === 1) return 'UN';
  if (n === 21) return 'VEINTIÚN';
  if (n < 30) return UNITS[n];
  const unit = n % 10;
  return unit === 0 ? TENS[n / 10] : `${TENS[Math.floor(n / 10)]} Y ${below100(unit)}`;
}

/** 1..999 */
function below1000(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [HUNDREDS[hundreds]] : [];
  if (rest > 0) parts.push(below100(rest));
  return parts.join(' ');
}

/** 1..999,999; "MIL", never "UN MIL". */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${below1000(thousands)} MIL`);
  if (rest > 0) parts.push(below1000(rest));
  return parts.join(' ');
}

function integerInWords(n: number): { words: string; roundMillions: boolean } {
  if (n === 0) return { words: 'CERO', roundMillions: false };
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const parts: string[] = [];
  if (millions === 1) parts.push('UN MILLÓN');
  else if (millions > 1) parts.push(`${belowMillion(millions)} MILLONES`);
  if (rest > 0) parts.push(belowMillion(rest));
  return { words: parts.join(' '), roundMillions: millions > 0 && rest === 0 };
}

/**
 * Invoice total in Spanish words, e.g. 1150.5 -> "MIL CIENTO CINCUENTA LEMPIRAS CON 50/100".
 * The amount is rounded half-up to cents first.
 * @throws RangeError for negative amounts or amounts above 999,999,999,999.99.
 */
export function amountInWords(amount: DecimalInput): string {
  const value = toBig(amount);
  if (value.lt(0)) throw new RangeError(`Amount must not be negative: ${value.toString()}`);
  const rounded = round2(value);
  if (rounded.gt(MAX_AMOUNT_IN_WORDS)) throw new RangeError(`Amount too large for words: ${value.toString()}`);

  const integer = rounded.round(0, Big.roundDown);
  const cents = rounded.minus(integer).times(100).toFixed(0).padStart(2, '0');
  // Below 10^12, well inside Number's exact integer range.
  const n = Number(integer.toFixed(0));
  const { words, roundMillions } = integerInWords(n);
  // RAE: a noun after a round MILLÓN/MILLONES takes "DE" (un millón de lempiras).
  const currency = `${roundMillions ? 'DE ' : ''}${n === 1 ? 'LEMPIRA' : 'LEMPIRAS'}`;
  return `${words} ${currency} CON ${cents}/100`;
}
