import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../../domain/company-ref';
import { EmissionPoint, Establishment, IntegrationSettings, OperatorUser, PaymentTerminal, PriceList } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { pointKey } from './setup-state';

/** A code and a name, as the forms offer them. */
export interface NamedView {
  code: string;
  name: string | null;
}

export interface EstablishmentView extends NamedView {
  address: string | null;
  emissionPoints: NamedView[];
}

/** The integration's defaults by the codes the setup file names them with; null where unset. */
export interface IntegrationView {
  enabled: boolean;
  exoneratedSales: boolean;
  /** `EEE-PPP`. */
  emissionPoint: string | null;
  creatorUser: string | null;
  priceList: string | null;
  paymentTerminal: string | null;
}

/** The company's live numbering and integration entries, as the setup file names them. */
export interface SetupOverview {
  integration: IntegrationView;
  establishments: EstablishmentView[];
  users: NamedView[];
  paymentTerminals: NamedView[];
  priceLists: NamedView[];
}

/**
 * What the console's setup pages show: the live entries of a company as `admin apply` names them
 * (codes, `EEE-PPP`), read fresh on every request, so a change made by any process shows at once.
 * Changes never go through here: they go through CompanySetupService.
 */
@injectable()
export class CompanySetupView {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async overview(ref: CompanyRef): Promise<SetupOverview> {
    const em = this.em.fork();
    const company = ref.id;
    const live = { company, deletedAt: null };
    const establishments = await em.find(Establishment, live, { orderBy: { code: 'asc' } });
    const points = await em.find(EmissionPoint, { establishment: { $in: establishments }, deletedAt: null }, { orderBy: { code: 'asc' } });
    const integration = await em.findOne(
      IntegrationSettings,
      { company },
      {
        populate: ['emissionPoint.establishment', 'creatorUser', 'priceList', 'paymentTerminal'],
      },
    );
    const named = (rows: Array<{ code: string; name: string | null }>): NamedView[] => rows.map(({ code, name }) => ({ code, name }));
    return {
      integration: {
        enabled: integration?.enabled ?? false,
        exoneratedSales: integration?.exoneratedSales ?? false,
        emissionPoint: integration?.emissionPoint
          ? pointKey(integration.emissionPoint.establishment.code, integration.emissionPoint.code)
          : null,
        creatorUser: integration?.creatorUser?.code ?? null,
        priceList: integration?.priceList?.code ?? null,
        paymentTerminal: integration?.paymentTerminal?.code ?? null,
      },
      establishments: establishments.map((e) => ({
        code: e.code,
        name: e.name,
        address: e.address,
        emissionPoints: named(points.filter((p) => p.establishment.id === e.id)),
      })),
      users: named(await em.find(OperatorUser, live, { orderBy: { code: 'asc' } })),
      paymentTerminals: named(await em.find(PaymentTerminal, live, { orderBy: { code: 'asc' } })),
      priceLists: named(await em.find(PriceList, live, { orderBy: { code: 'asc' } })),
    };
  }
}
