import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { Logger } from 'pino';
import type { LogLevel } from '../config/config';

/** The request a piece of code runs for, so that any log line it writes carries the request id. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it awaits) on behalf of the request `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/**
 * Structured JSON logs. Every line written while serving a request carries its requestId, whoever
 * logs it (a service deep in the call as much as the HTTP layer). Credentials are redacted at the
 * source: the Authorization header and any field named like a key never reach a log line.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'invoicing' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: (mergeObject: object) => {
        const scope = requestScope.getStore();
        return scope && !('requestId' in mergeObject) ? { requestId: scope.requestId } : {};
      },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'apiKey', 'key', '*.apiKey'],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}
