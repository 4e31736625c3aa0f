import type { Knex } from '@mikro-orm/mysql';
import { utcDatetime } from '../../db/lean-select';

export interface RegisterPeriod {
  companyId: number;
  /** First instant of the first day, and first instant after the last day (Honduras calendar). */
  start: Date;
  end: Date;
}

/**
 * The ISV rates charged in the period. Annulled invoices do not count: their amounts are shown
 * as 0, so a rate only they carried would add a column of zeros.
 */
export function ratesQuery(knex: Knex, period: RegisterPeriod): Promise<{ rate: string }[]> {
  return knex
    .distinct('t.rate')
    .from('invoice_taxes as t')
    .join('invoices as i', 'i.id', 't.invoice_id')
    .where('i.company_id', period.companyId)
    .andWhere('i.is_annulled', false)
    .andWhere('i.invoice_date', '>=', utcDatetime(period.start))
    .andWhere('i.invoice_date', '<', utcDatetime(period.end));
}
