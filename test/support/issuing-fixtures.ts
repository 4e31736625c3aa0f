import type { MikroORM } from '@mikro-orm/mysql';
import { CaiRange, Company, IdempotencyRecord, Invoice } from '../../src/entities';
import { uniqueCode } from './factories';
import { pricingSetup, SetupDocument } from './setup-fixtures';

export interface RangeSpec {
  cai: string;
  rangeStart: number;
  rangeEnd: number;
  deadline: string;
}

/** A CAI in the printed shape, distinct per letter so two ranges of one point never collide. */
export function caiOf(letter: string): string {
  const l = letter.toUpperCase();
  return `${l.repeat(6)}-111111-${l.repeat(6)}-222222-${l.repeat(6)}-33`;
}

/** The pricing setup with its only emission point (000-001) holding exactly these ranges. */
export function setupWithRanges(ranges: RangeSpec[], code = uniqueCode('C')): SetupDocument {
  const setup = pricingSetup(code);
  return { ...setup, establishments: [{ ...setup.establishments[0], emissionPoints: [{ code: '001', caiRanges: ranges }] }] };
}

/** Two lines of the pricing setup: total 343.10 (see invoice-issue.test.ts). */
export const CART = { items: [{ externalProductId: 'SKU-ARROZ', quantity: 2 }, { externalProductId: 'SKU-CERVEZA', quantity: 3 }] };

/** What the database holds for one company, read in a fresh unit of work. */
export async function issuedState(orm: MikroORM, companyCode: string) {
  const em = orm.em.fork();
  const company = await em.findOneOrFail(Company, { code: companyCode });
  const invoices = await em.find(Invoice, { company }, { orderBy: { id: 'asc' }, populate: ['caiRange'] });
  const records = await em.find(IdempotencyRecord, { company }, { orderBy: { id: 'asc' } });
  const ranges = await em.find(CaiRange, { emissionPoint: { establishment: { company } } }, { orderBy: { rangeStart: 'asc' } });
  return { companyId: company.id, invoices, records, ranges };
}

