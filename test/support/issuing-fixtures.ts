import type { MikroORM } from '@mikro-orm/mysql';
import type supertest from 'supertest';
import { CaiRange, Company, IdempotencyRecord, Invoice } from '../../src/entities';
import type { CaiRangeSpec, SetupDocument } from '../../src/services/company/setup/setup-document';
import { companyCai, productData, sellingCompany, uniqueCode } from './factories';

/**
 * A CAI in the printed shape, distinct per letter so two ranges of one point never collide. Give
 * the company's code when several companies of one database use the same letters: a CAI belongs
 * to one company, so each needs its own.
 */
export function caiOf(letter: string, companyCode?: string): string {
  const l = letter.toUpperCase();
  const owner = companyCode === undefined ? '111111' : companyCai(companyCode).slice(0, 6);
  return `${l.repeat(6)}-${owner}-${l.repeat(6)}-222222-${l.repeat(6)}-33`;
}

/** Rice at 100.00 (ISV 15 %) and beer at 35.50 (ISV 18 %) with a 10 % promotion: what CART buys. */
const CART_PRODUCTS = [
  productData({ code: 'P-ARROZ', externalProductId: 'SKU-ARROZ', price: 100, isvRate: 15 }),
  productData({ code: 'P-CERVEZA', externalProductId: 'SKU-CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
];

/** 2 x 100.00 = 200.00 + 30.00 ISV; 3 x 35.50 = 106.50 - 10.65 = 95.85 + 17.25 ISV; total 343.10. */
export const CART = {
  items: [
    { externalProductId: 'SKU-ARROZ', quantity: 2 },
    { externalProductId: 'SKU-CERVEZA', quantity: 3 },
  ],
};

/** One unit of the product every `sellingCompany` sells (SKU-P-1). */
export const ONE_ITEM = { items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] };

/** An invoice issued through the API with this key: the sale must be accepted (201); its body. */
export async function issueSale(
  http: ReturnType<typeof supertest>,
  auth: { Authorization: string },
  key: string,
  sale: object = ONE_ITEM,
): Promise<{ id: number; fiscalNumber: string }> {
  const res = await http.post('/v1/invoices').set(auth).set('Idempotency-Key', key).send(sale);
  expect(res.status).toBe(201);
  return res.body as { id: number; fiscalNumber: string };
}

/** A company selling CART's products whose only emission point (000-001) holds exactly these ranges. */
export function setupWithRanges(ranges: CaiRangeSpec[], code = uniqueCode('C')): SetupDocument {
  return sellingCompany({
    code,
    products: CART_PRODUCTS,
    discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
    emissionPoints: [{ code: '001', caiRanges: ranges }],
  });
}

/** What the database holds for one company, read in a fresh unit of work. */
export async function issuedState(orm: MikroORM, companyCode: string) {
  const em = orm.em.fork();
  const company = await em.findOneOrFail(Company, { code: companyCode });
  const invoices = await em.find(Invoice, { company }, { orderBy: { id: 'asc' }, populate: ['caiRange'] });
  const records = await em.find(IdempotencyRecord, { company }, { orderBy: { id: 'asc' } });
  const ranges = await em.find(CaiRange, { emissionPoint: { establishment: { company } } }, { orderBy: { rangeStart: 'asc' } });
  return { companyId: company.id, invoices, records, ranges };
}
