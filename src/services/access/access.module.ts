import { ContainerModule } from 'inversify';
import { Authenticator } from './api-keys/authenticator.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { ActivityTrail } from './activity/activity-trail.service';
import { ActivityReader } from './activity/activity-reader.service';
import { OperatorAccounts } from './operators/operator-accounts.service';
import { ConsoleSessions } from './operators/console-sessions.service';
import { OperatorAccess } from './operators/operator-access.service';
import { ServerSecrets } from './server-secrets.service';

/** The bindings of API keys, operators and their sessions, the activity trail (decision 60), the server's secret key (decision 68). Singletons, as every service (src/container.ts). */
export const accessModule = new ContainerModule(({ bind }) => {
  for (const service of [
    Authenticator,
    ApiKeyService,
    ActivityTrail,
    ActivityReader,
    OperatorAccounts,
    ConsoleSessions,
    OperatorAccess,
    ServerSecrets,
  ])
    bind(service).toSelf();
});
