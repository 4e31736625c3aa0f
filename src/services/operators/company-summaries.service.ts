import { EntityManager, raw } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { hondurasDate, startOfHondurasDay } from '../../domain/calendar-date';
import { CaiRangeState, worstState } from '../../domain/cai-range-state';
import { IntegrationSettings, Invoice } from '../../entities';
import { TOKENS } from '../../tokens';
import { CaiStatusService } from '../cai-status/cai-status.service';
import type { VisibleCompany } from './operator-access.service';

/** A company at a glance, for the console's first page. */
export interface CompanySummary extends VisibleCompany {
  integrationEnabled: boolean;
  /** The most urgent state of its live CAI ranges, of every type; null without ranges. */
  worstCaiState: CaiRangeState | null;
  /** Invoices dated in the current Honduras month. */
  invoicesThisMonth: number;
}

/** What the console's company list shows of each company an operator can see. */
@injectable()
export class CompanySummaries {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(CaiStatusService) private readonly caiStatus: CaiStatusService,
  ) {}

  async of(companies: VisibleCompany[], now = new Date()): Promise<CompanySummary[]> {
    if (companies.length === 0) return [];
    const ids = companies.map((c) => c.id);
    const monthStart = startOfHondurasDay(`${hondurasDate(now).slice(0, 8)}01`);
    const enabled = await this.em.find(IntegrationSettings, { company: { $in: ids }, enabled: true });
    const counts = await this.em
      .createQueryBuilder(Invoice, 'i')
      .select(['i.company', raw('count(*) as n')])
      .where({ company: { $in: ids }, invoiceDate: { $gte: monthStart } })
      .groupBy('i.company')
      .execute<{ company: number; n: number | string }[]>('all', false);
    const summaries: CompanySummary[] = [];
    for (const company of companies) {
      const { ranges } = await this.caiStatus.report(company, now);
      summaries.push({
        ...company,
        integrationEnabled: enabled.some((i) => i.company.id === company.id),
        worstCaiState: worstState(ranges.map((r) => r.state)),
        invoicesThisMonth: Number(counts.find((c) => Number(c.company) === company.id)?.n ?? 0),
      });
    }
    return summaries;
  }
}
