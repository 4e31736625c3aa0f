import type { Knex } from '@mikro-orm/mysql';
import { utcDatetime } from '../../db/lean-select';

export interface RegisterPeriod {
  companyId: number;
  /** First instant of the first day, and first instant after the last day (Honduras calendar). */
  start: Date;
  end: Date;
}

/**
 * The ISV rates charged in the period, by invoices and by notes. Annulled documents do not
 * count: their amounts are shown as 0, so a rate only they carried would add a column of zeros.
 */
export async function ratesQuery(knex: Knex, period: RegisterPeriod): Promise<{ rate: string }[]> {
  const invoices = await knex
    .distinct('t.rate')
    .from('invoice_taxes as t')
    .join('invoices as i', 'i.id', 't.invoice_id')
    .where('i.company_id', period.companyId)
    .andWhere('i.is_annulled', false)
    .andWhere('i.invoice_date', '>=', utcDatetime(period.start))
    .andWhere('i.invoice_date', '<', utcDatetime(period.end));
  const notes = await knex
    .distinct('t.rate')
    .from('note_taxes as t')
    .join('notes as n', 'n.id', 't.note_id')
    .where('n.company_id', period.companyId)
    .andWhere('n.is_annulled', false)
    .andWhere('n.note_date', '>=', utcDatetime(period.start))
    .andWhere('n.note_date', '<', utcDatetime(period.end));
  return [...invoices, ...notes] as { rate: string }[];
}
