import { ContainerModule } from 'inversify';
import { TOKENS } from '../../tokens';
import { CompanyDirectory } from './company-directory.service';
import { CompanySetupService } from './setup/company-setup.service';
import { CompanySetupView } from './setup/setup-view.service';
import { CatalogView } from './setup/catalog-view.service';
import { SetupExport } from './setup/setup-export.service';
import { CatalogSheets } from './setup/catalog-sheets.service';
import { CaiRangeAlerts } from './cai-ranges/cai-range-alerts';
import { CaiStatusService } from './cai-ranges/cai-status.service';
import { CompanyOverview } from './company-overview.service';
import { CaiCancellationService } from './cai-ranges/cai-cancellation.service';

/** The bindings of the directory, the setup file (apply and export), CAI ranges (status, alerts, cancellation) and the overview. Singletons, as every service (src/container.ts). */
export const companyModule = new ContainerModule(({ bind }) => {
  for (const service of [
    CompanyDirectory,
    CompanySetupService,
    SetupExport,
    CatalogSheets,
    CaiRangeAlerts,
    CaiStatusService,
    CaiCancellationService,
    CompanyOverview,
    CompanySetupView,
    CatalogView,
  ])
    bind(service).toSelf();
  // The kernel's numbered write tells the CAI range alerts of every number taken (decision 69).
  bind(TOKENS.NumberTakenWatcher).toService(CaiRangeAlerts);
});
