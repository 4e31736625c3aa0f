import { ContainerModule } from 'inversify';
import { SalesRegisterService } from './sales-register.service';
import { UnusedNumbersService } from './unused-numbers.service';
import { NumberingAuditService } from './numbering-audit/numbering-audit.service';
import { MonthSummaryService } from './month-summary.service';
import { MonthArchiveService } from './month-archive/month-archive.service';

/** The bindings of the sales register, the month's summary and archive, unused numbers and the numbering audit. Singletons, as every service (src/container.ts). */
export const fiscalReportsModule = new ContainerModule(({ bind }) => {
  for (const service of [SalesRegisterService, MonthSummaryService, MonthArchiveService, UnusedNumbersService, NumberingAuditService])
    bind(service).toSelf();
});
