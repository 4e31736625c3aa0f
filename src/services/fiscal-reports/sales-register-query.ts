import type { Knex } from '@mikro-orm/mysql';
import { utcDatetime } from '../../db/lean-select';

export interface RegisterPeriod {
  companyId: number;
  /** First instant of the first day, and first instant after the last day (Honduras calendar). */
  start: Date;
  end: Date;
}

/** Where each kind of document keeps its taxes and its date: invoices, and credit and debit notes. */
const TAXED_DOCUMENTS = [
  { documents: 'invoices', taxes: 'invoice_taxes', owner: 'invoice_id', date: 'invoice_date' },
  { documents: 'notes', taxes: 'note_taxes', owner: 'note_id', date: 'note_date' },
] as const;

/**
 * The ISV rates charged in the period, by invoices and by notes. Annulled documents do not
 * count: their amounts are shown as 0, so a rate only they carried would add a column of zeros.
 */
export async function ratesQuery(knex: Knex, period: RegisterPeriod): Promise<{ rate: string }[]> {
  const rates: { rate: string }[] = [];
  for (const source of TAXED_DOCUMENTS) {
    const rows = await knex
      .distinct('t.rate')
      .from(`${source.taxes} as t`)
      .join(`${source.documents} as d`, 'd.id', `t.${source.owner}`)
      .where('d.company_id', period.companyId)
      .andWhere('d.is_annulled', false)
      .andWhere(`d.${source.date}`, '>=', utcDatetime(period.start))
      .andWhere(`d.${source.date}`, '<', utcDatetime(period.end));
    rates.push(...(rows as { rate: string }[]));
  }
  return rates;
}
