import { MikroORM, RequestContext } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import pino from 'pino';
import { AppConfig, loadConfig } from '../../config/config';
import { buildContainer, closeContainer } from '../container';
import type { Actor } from '../domain/actor';
import { openDatabase } from '../db/database-bootstrap';
import { createLogger } from '../logger';
import { createPdfRenderer } from '../pdf/create-pdf-renderer';
import { cliActor } from './cli-actor';

/** What a command body receives: the same container and services the API uses. */
export interface CliRuntime {
  config: AppConfig;
  container: Container;
  orm: MikroORM;
  /** Who runs the command (`cli:<os user>`): what its changes are recorded under in the activity trail. */
  actor: Actor;
  /** Where a command writes its result; only the result goes to stdout. */
  out: (line: string) => void;
}

export type CommandBody = (runtime: CliRuntime) => Promise<void>;

/**
 * Runs one operator command: configuration and database as the service has them, the body in
 * its own unit of work (a fresh RequestContext), then closes everything. Logs go to stderr so
 * that stdout carries only the result (for example a key, alone on its line). Resolves to what the
 * body returns, for callers that use the result themselves (demo-serve).
 */
export async function runCommand<T = void>(
  body: (runtime: CliRuntime) => Promise<T>,
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<T> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, pino.destination(2));
  const orm = await openDatabase(config, logger);
  try {
    // Not started: operator commands do not render (a command that does starts it itself).
    const container = buildContainer(config, logger, orm, createPdfRenderer(config));
    try {
      return await RequestContext.create(orm.em, () => body({ config, container, orm, out, actor: cliActor() }));
    } finally {
      await closeContainer(container);
    }
  } finally {
    await orm.close(true);
  }
}
