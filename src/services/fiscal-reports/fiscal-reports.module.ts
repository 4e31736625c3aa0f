import { ContainerModule } from 'inversify';
import { SalesRegisterService } from './sales-register.service';
import { UnusedNumbersService } from './unused-numbers.service';
import { NumberingAuditService } from './numbering-audit/numbering-audit.service';

/** The bindings of the sales register, unused numbers and the numbering audit. Singletons, as every service (src/container.ts). */
export const fiscalReportsModule = new ContainerModule(({ bind }) => {
  for (const service of [SalesRegisterService, UnusedNumbersService, NumberingAuditService]) bind(service).toSelf();
});
