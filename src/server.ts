import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { DestinationStream } from 'pino';
import { ConfigError, loadConfig, maskDatabaseUrl } from '../config/config';
import { buildContainer, closeContainer } from './container';
import { DatabaseUnavailableError, openDatabase } from './db/database-bootstrap';
import { buildApp } from './http/app';
import { createHttpServer } from './http/http-server';
import { createLogger } from './logger';
import { createPdfRenderer } from './pdf/create-pdf-renderer';
import { scheduleIdempotencyPurge } from './services/documents/idempotency-purge.scheduler';
import { IdempotencyStore } from './services/documents/idempotency-store';

/**
 * Stdout for the service's logs, written in batches: one write per 4 kB of lines or every 200 ms,
 * whichever comes first, instead of one write system call per line (a busy instance writes an
 * access line per request, and those calls were a tenth of a cached GET's CPU). Buffered lines
 * are written out when the process exits, errors included; only a SIGKILL can lose the last
 * 200 ms.
 */
const STDOUT_LOG = { dest: 1, sync: false, minLength: 4096, periodicFlush: 200 };

export interface StartOptions {
  /** Called once the server listens, with the real port (PORT=0 picks a free one). */
  onListening?: (port: number) => void;
  /** Where the JSON logs go; stdout, buffered (see STDOUT_LOG), when not given. */
  logDestination?: DestinationStream;
}

export interface RunningService {
  server: http.Server;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts the whole service: config, database (created and migrated), container, HTTP server,
 * and SIGTERM/SIGINT handling that drains in-flight requests and exits 0.
 */
export async function startService({ onListening, logDestination }: StartOptions = {}): Promise<RunningService> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    throw err;
  }
  const logger = createLogger(config.logLevel, logDestination ?? pino.destination(STDOUT_LOG));
  let orm;
  try {
    orm = await openDatabase(config, logger);
  } catch (err) {
    const message =
      err instanceof DatabaseUnavailableError
        ? err.message
        : `Database start-up failed at ${maskDatabaseUrl(config.databaseUrl)}: ${(err as Error).message}`;
    console.error(message);
    logger.fatal({ err }, 'database unavailable');
    throw err;
  }
  // Started once the database is known to work, so a bad DATABASE_URL fails at once; the absence
  // of LibreOffice is not fatal.
  const pdfRenderer = createPdfRenderer(config, logger);
  await pdfRenderer.start();
  if (pdfRenderer.isAvailable()) logger.info('PDF rendering ready (LibreOffice)');
  else
    logger.warn(
      { reason: pdfRenderer.unavailableReason },
      'PDF rendering unavailable: invoices are issued with pdfBase64 null until LibreOffice is installed',
    );
  const container = buildContainer(config, logger, orm, pdfRenderer);
  const app = buildApp(container);
  const server = createHttpServer(app, logger);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, database: maskDatabaseUrl(config.databaseUrl) }, 'service listening');
  onListening?.(port);
  const purge = scheduleIdempotencyPurge(container.get(IdempotencyStore), logger);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down: no new connections, finishing in-flight requests');
      const purgeStopped = purge.stop();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await drained;
      clearTimeout(timer);
      await purgeStopped;
      await Promise.all([closeContainer(container).then(() => orm.close()), pdfRenderer.stop()]);
      logger.info('stopped');
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'signal received');
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return { server, port, stop };
}
