import pino, { Logger } from 'pino';
import type { LogLevel } from '../config/config';

/**
 * Structured JSON logs. Credentials are redacted at the source: the Authorization header and any
 * field named like a key never reach a log line, whoever logs the object.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'invoicing' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'apiKey', 'key', '*.apiKey'],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}
