/**
 * Access: API keys and the authenticator, console operators and their sessions, and the
 * activity trail every change writes.
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { accessModule } from './access.module';
export { ActivityReader, type ActivityView, type ActivityWidths } from './activity/activity-reader.service';
export { documentTarget } from './activity/activity-targets';
export { ActivityTrail } from './activity/activity-trail.service';
export { ApiKeyService, MAX_ACTIVE_KEYS, statusOf } from './api-keys/api-key.service';
export { Authenticator, type Principal } from './api-keys/authenticator.service';
export { ConsoleSessions } from './operators/console-sessions.service';
export type { OpenSession, SessionOperator } from './operators/console-session-lookup';
export { OperatorAccess, type VisibleCompany } from './operators/operator-access.service';
export { OperatorAccounts, type OperatorSummary } from './operators/operator-accounts.service';
export { ServerSecrets } from './server-secrets.service';
