import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { DestinationStream } from 'pino';
import { ConfigError, loadConfig, maskDatabaseUrl } from '../config/config';
import { buildConsoleApp } from './console/console-app';
import { buildContainer, closeContainer } from './container';
import { DatabaseUnavailableError, openDatabase } from './db/database-bootstrap';
import { buildApp } from './http/app';
import { createHttpServer } from './http/http-server';
import { createLogger } from './logger';
import { createPdfRenderer } from './pdf/create-pdf-renderer';
import { DeliverySender, scheduleDelivery } from './services/delivery';
import { scheduleIdempotencyPurge, IdempotencyStore } from './services/documents';

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
  /** Called once the console listens, with its real port (never when CONSOLE_PORT=off). */
  onConsoleListening?: (port: number) => void;
  /** Where the JSON logs go; stdout, buffered (see STDOUT_LOG), when not given. */
  logDestination?: DestinationStream;
}

export interface RunningService {
  server: http.Server;
  port: number;
  /** The console's port; null when CONSOLE_PORT=off. */
  consolePort: number | null;
  /** Where the documents' e-mails go: `smtp://host:port`, or the folder of the `.eml` files. */
  mailDestination: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole service: config, database (created and migrated), container, HTTP server,
 * and SIGTERM/SIGINT handling that drains in-flight requests and exits 0.
 */
export async function startService({ onListening, onConsoleListening, logDestination }: StartOptions = {}): Promise<RunningService> {
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
  const release = () => Promise.all([closeContainer(container).then(() => orm.close()), pdfRenderer.stop()]);
  // The mail transport is made (and a DKIM key file read) before listening, so a bad one stops the start.
  const sender = container.get(DeliverySender);
  let mailDestination: string;
  try {
    mailDestination = sender.destination;
  } catch (err) {
    console.error(`Mail transport start-up failed: ${(err as Error).message}`);
    logger.fatal({ err }, 'mail transport start-up failed');
    await release();
    throw err;
  }
  const app = buildApp(container);
  const server = createHttpServer(app, logger);
  server.keepAliveTimeout = 5000;
  // The console beside the API, on its own port so it can stay on a private network (decision 58).
  let consoleApp;
  try {
    consoleApp = config.consolePort === null ? null : await buildConsoleApp(container);
  } catch (err) {
    console.error(`Console start-up failed: ${(err as Error).message}`);
    logger.fatal({ err }, 'console start-up failed');
    await release();
    throw err;
  }
  const consoleServer = consoleApp ? createHttpServer(consoleApp, logger) : null;
  if (consoleServer) consoleServer.keepAliveTimeout = 5000;
  const servers = [server, ...(consoleServer ? [consoleServer] : [])];
  try {
    await listen(server, config.port, 'PORT');
    if (consoleServer) await listen(consoleServer, config.consolePort!, 'CONSOLE_PORT');
  } catch (err) {
    console.error((err as Error).message);
    logger.fatal({ err }, 'cannot listen');
    await Promise.all(servers.filter((s) => s.listening).map((s) => new Promise((resolve) => s.close(resolve))));
    await release();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, database: maskDatabaseUrl(config.databaseUrl) }, 'service listening');
  onListening?.(port);
  const consolePort = consoleServer ? (consoleServer.address() as AddressInfo).port : null;
  if (consolePort !== null) {
    logger.info({ port: consolePort }, 'console listening');
    onConsoleListening?.(consolePort);
  }
  const purge = scheduleIdempotencyPurge(container.get(IdempotencyStore), logger);
  // Every instance sends the outbox's e-mails (companies with delivery on); claims never overlap.
  logger.info({ destination: mailDestination }, 'document e-mails go here');
  const delivery = scheduleDelivery(sender, logger);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down: no new connections, finishing in-flight requests');
      const purgeStopped = purge.stop();
      const deliveryStopped = delivery.stop();
      const drained = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      for (const s of servers) s.closeIdleConnections();
      const timer = setTimeout(() => servers.forEach((s) => s.closeAllConnections()), config.shutdownTimeoutMs);
      await drained;
      clearTimeout(timer);
      await purgeStopped;
      await deliveryStopped;
      await release();
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
  return { server, port, consolePort, mailDestination, stop };
}

/**
 * Listens on `port`, or fails with one line naming the setting and the port (a port in use, or
 * one the process may not bind), so that start-up stops with the reason instead of a stack.
 */
function listen(server: http.Server, port: number, setting: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      reject(new Error(`Cannot listen on ${setting} ${port}: ${err.code === 'EADDRINUSE' ? 'the port is already in use' : err.message}`));
    server.once('error', onError);
    server.listen(port, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
