import Big from 'big.js';
import {
  parseAmount,
  parseDescription,
  parseEmissionPoint,
  parseKey,
  parseQuantity,
  parseRate,
  parseReturns,
} from '../../src/services/sales/notes/note-arguments';
import { creditNoteRequest, debitNoteRequest, NoteFieldNames, noteCommonOf } from '../../src/services/sales/notes/note-input';
import { refusalOf } from '../support/expect-error';

const RATES = ['0', '15', '18'];

/** Every note argument is refused as VALIDATION_FAILED; the message names the field and repeats what was written. */
const invalid = (message: string) => ({ code: 'VALIDATION_FAILED', message });

describe('an amount (--amount)', () => {
  it('takes a positive amount of up to 2 decimals, trimmed', () => {
    expect(parseAmount(' 12.50 ').toFixed(2)).toBe('12.50');
    expect(parseAmount('0.01').eq('0.01')).toBe(true);
  });

  it('takes 999,999,999.99 and refuses a cent more', () => {
    expect(parseAmount('999999999.99').eq('999999999.99')).toBe(true);
    expect(refusalOf(() => parseAmount('1000000000'))).toEqual(invalid('--amount must be at most 999999999.99, got "1000000000"'));
  });

  it('refuses zero, a third decimal and anything that is not plain digits', () => {
    expect(refusalOf(() => parseAmount('0'))).toEqual(invalid('--amount must be greater than 0, got "0"'));
    expect(refusalOf(() => parseAmount('1.005'))).toEqual(invalid('--amount must have at most 2 decimals, got "1.005"'));
    expect(refusalOf(() => parseAmount('-5'))).toEqual(invalid('--amount must be greater than 0, got "-5"'));
    for (const bad of ['', '1e3', '1,50', '.5', '5.', 'abc', '1,5000.00', 'L', '--5'])
      expect(refusalOf(() => parseAmount(bad))).toEqual(invalid(`--amount must be a number, got "${bad}"`));
  });

  it('takes an amount as the console prints it: thousands commas and the lempira sign', () => {
    for (const printed of ['1500', '1500.00', '1,500.00', 'L 1,500.00', 'L1,500', ' l 1,500.00 '])
      expect(parseAmount(printed).toFixed(2)).toBe('1500.00');
    expect(parseAmount('L 1,234,567.89').toFixed(2)).toBe('1234567.89');
  });

  it('names the field as its caller calls it', () => {
    expect(refusalOf(() => parseAmount('x', 'discount'))).toEqual(invalid('discount must be a number, got "x"'));
  });
});

describe('a quantity (--quantity)', () => {
  it('takes up to 4 decimals and at most 1,000,000', () => {
    expect(parseQuantity('0.0001').eq('0.0001')).toBe(true);
    expect(parseQuantity('1000000').eq(1_000_000)).toBe(true);
  });

  it('refuses zero, a fifth decimal and more than 1,000,000', () => {
    expect(refusalOf(() => parseQuantity('0.0000'))).toEqual(invalid('--quantity must be greater than 0, got "0.0000"'));
    expect(refusalOf(() => parseQuantity('1.00001'))).toEqual(invalid('--quantity must have at most 4 decimals, got "1.00001"'));
    expect(refusalOf(() => parseQuantity('1000000.0001'))).toEqual(invalid('--quantity must be at most 1000000, got "1000000.0001"'));
  });
});

describe('an ISV rate (--rate)', () => {
  it('takes a configured rate above 0, with or without %, and `exempt` in any case as no rate', () => {
    expect(parseRate('15', RATES)?.eq(15)).toBe(true);
    expect(parseRate(' 18% ', RATES)?.eq(18)).toBe(true);
    expect(parseRate('15.0', RATES)?.eq(15)).toBe(true);
    expect(parseRate('EXEMPT', RATES)).toBeNull();
  });

  it('refuses 0 (exempt is written `exempt`), a rate not configured, and words, listing what it takes', () => {
    for (const bad of ['0', '16', '-15', 'fifteen', ''])
      expect(refusalOf(() => parseRate(bad, RATES))).toEqual(invalid(`--rate must be one of 15, 18, exempt, got "${bad}"`));
  });

  it('lists only the rates configured', () => {
    expect(refusalOf(() => parseRate('18', ['15'], 'rate'))).toEqual(invalid('rate must be one of 15, exempt, got "18"'));
  });
});

describe('returned lines (--return LINE:QTY[,LINE:QTY...])', () => {
  it('reads each line position and quantity, spaces allowed around them', () => {
    const returns = parseReturns('1:2, 3 : 0.5');
    expect(returns.map((r) => ({ position: r.position, quantity: r.quantity.toString() }))).toEqual([
      { position: 1, quantity: '2' },
      { position: 3, quantity: '0.5' },
    ]);
  });

  it('refuses line 0, a missing quantity, a missing line and an empty list with the whole text', () => {
    const shape = (value: string) =>
      invalid(`--return must be LINE:QTY[,LINE:QTY...] with LINE the invoice line's position (1, 2 ...), got "${value}"`);
    for (const bad of ['0:1', '1:', ':1', '', '1:2,', '1-2']) expect(refusalOf(() => parseReturns(bad))).toEqual(shape(bad));
  });

  it('refuses a quantity the quantity rule refuses, naming the line', () => {
    expect(refusalOf(() => parseReturns('1:1,2:0'))).toEqual(invalid('--return quantity of line 2 must be greater than 0, got "0"'));
    expect(refusalOf(() => parseReturns('4:x'))).toEqual(invalid('--return quantity of line 4 must be a number, got "x"'));
    expect(refusalOf(() => parseReturns('1:2:3'))).toEqual(invalid('--return quantity of line 1 must be a number, got "2:3"'));
  });
});

describe('the other note arguments', () => {
  it('takes an emission point EEE-PPP only', () => {
    expect(parseEmissionPoint('000-002')).toBe('000-002');
    for (const bad of ['0-2', '000002', '000-0022', ' 000-002', 'AAA-BBB'])
      expect(refusalOf(() => parseEmissionPoint(bad))).toEqual(invalid(`--emission-point must be EEE-PPP (e.g. 000-002), got "${bad}"`));
  });

  it('takes an idempotency key of 1 to 255 characters, untrimmed', () => {
    expect(parseKey(' k ')).toBe(' k ');
    expect(parseKey('k'.repeat(255))).toHaveLength(255);
    expect(refusalOf(() => parseKey(''))).toEqual(invalid('--key must be 1 to 255 characters, got 0'));
    expect(refusalOf(() => parseKey('k'.repeat(256)))).toEqual(invalid('--key must be 1 to 255 characters, got 256'));
  });

  it('takes a description of 1 to 255 characters after trimming', () => {
    expect(parseDescription('  Flete  ')).toBe('Flete');
    expect(refusalOf(() => parseDescription('   '))).toEqual(invalid('--description must be 1 to 255 characters after trimming, got 0'));
    expect(refusalOf(() => parseDescription('d'.repeat(256)))).toEqual(
      invalid('--description must be 1 to 255 characters after trimming, got 256'),
    );
  });
});

/** The console's field names; the CLI's are its options. */
const FORM: NoteFieldNames = {
  reason: 'reason',
  emissionPoint: 'emissionPoint',
  discount: 'discount',
  description: 'description',
  amount: 'amount',
  quantity: 'quantity',
  rate: 'rate',
};

describe('a note request as either edge builds it', () => {
  it('keeps the invoice, trims the reason, and leaves the emission point to the invoice when none is written', () => {
    expect(noteCommonOf(7, { reason: '  Devolución ' }, FORM)).toEqual({ invoiceId: 7, reason: 'Devolución', emissionPoint: null });
    expect(noteCommonOf(7, { reason: 'x', emissionPoint: '001-003' }, FORM).emissionPoint).toBe('001-003');
  });

  it('refuses an empty reason and a malformed emission point, naming the form field', () => {
    expect(refusalOf(() => noteCommonOf(7, { reason: ' ' }, FORM))).toEqual(
      invalid('reason must be 1 to 255 characters after trimming, got 0'),
    );
    expect(refusalOf(() => noteCommonOf(7, { reason: 'x', emissionPoint: '' }, FORM))).toEqual(
      invalid('emissionPoint must be EEE-PPP (e.g. 000-002), got ""'),
    );
  });

  const common = { invoiceId: 7, reason: 'Ajuste', emissionPoint: null };

  it('builds a discount credit from its amount and rate', () => {
    const request = creditNoteRequest(common, { kind: 'discount', amount: '100.00', rate: 'exempt' }, RATES, FORM);
    expect(request).toEqual({ ...common, type: 'creditNote', credit: { kind: 'discount', amount: new Big('100.00'), rate: null } });
  });

  it('refuses a discount of a rate not configured, naming the discount fields', () => {
    expect(refusalOf(() => creditNoteRequest(common, { kind: 'discount', amount: '0', rate: '15' }, RATES, FORM))).toEqual(
      invalid('discount must be greater than 0, got "0"'),
    );
    expect(refusalOf(() => creditNoteRequest(common, { kind: 'discount', amount: '5', rate: '12' }, RATES, FORM))).toEqual(
      invalid('rate must be one of 15, 18, exempt, got "12"'),
    );
  });

  it('passes a full credit and returns through unchanged', () => {
    expect(creditNoteRequest(common, { kind: 'full' }, RATES, FORM)).toEqual({ ...common, type: 'creditNote', credit: { kind: 'full' } });
    const returns = [{ position: 2, quantity: new Big(1) }];
    expect(creditNoteRequest(common, { kind: 'return', returns }, RATES, FORM)).toEqual({
      ...common,
      type: 'creditNote',
      credit: { kind: 'return', returns },
    });
  });

  it('builds a debit of one unit when no quantity is written', () => {
    expect(debitNoteRequest(common, { description: ' Flete ', amount: '250', rate: '15%' }, RATES, FORM)).toEqual({
      ...common,
      type: 'debitNote',
      debit: { description: 'Flete', unitPrice: new Big('250'), quantity: new Big(1), rate: new Big(15) },
    });
  });

  it('checks a debit description, then its amount, quantity and rate, each by its field name', () => {
    const debit = { description: 'Flete', amount: '250', quantity: '2', rate: '15' };
    expect(refusalOf(() => debitNoteRequest(common, { ...debit, description: '' }, RATES, FORM))).toEqual(
      invalid('description must be 1 to 255 characters after trimming, got 0'),
    );
    expect(refusalOf(() => debitNoteRequest(common, { ...debit, amount: '1.001' }, RATES, FORM))).toEqual(
      invalid('amount must have at most 2 decimals, got "1.001"'),
    );
    expect(refusalOf(() => debitNoteRequest(common, { ...debit, quantity: '0' }, RATES, FORM))).toEqual(
      invalid('quantity must be greater than 0, got "0"'),
    );
    expect(refusalOf(() => debitNoteRequest(common, { ...debit, rate: '0' }, RATES, FORM))).toEqual(
      invalid('rate must be one of 15, 18, exempt, got "0"'),
    );
  });
});
