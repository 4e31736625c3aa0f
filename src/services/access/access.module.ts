import { ContainerModule } from 'inversify';
import { Authenticator } from './api-keys/authenticator.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { ActivityTrail } from './activity/activity-trail.service';
import { ActivityReader } from './activity/activity-reader.service';
import { OperatorAccounts } from './operators/operator-accounts.service';
import { ConsoleSessions } from './operators/console-sessions.service';
import { ConsoleSessionLookup } from './operators/console-session-lookup';
import { OperatorAccess } from './operators/operator-access.service';
import { ServerSecrets } from './server-secrets.service';
import { SignInThrottle } from './operators/sign-in-throttle.service';

/** The bindings of API keys, operators and their sessions, the activity trail (decision 60), the sign-in throttle (decision 67), the server's secret key (decision 68). Singletons, as every service (src/container.ts). */
export const accessModule = new ContainerModule(({ bind }) => {
  for (const service of [
    Authenticator,
    ApiKeyService,
    ActivityTrail,
    ActivityReader,
    OperatorAccounts,
    ConsoleSessions,
    ConsoleSessionLookup,
    OperatorAccess,
    SignInThrottle,
    ServerSecrets,
  ])
    bind(service).toSelf();
});
