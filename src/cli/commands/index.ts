import type { Command } from 'commander';
import type { CliRuntime } from '../cli-runtime';
import { registerActivityCommand } from './activity.command';
import { registerApiKeyCommands } from './apikey.command';
import { registerApplyCommand, registerExportCommand } from './apply.command';
import { registerAuditCommand } from './audit.command';
import { registerCaiCommands } from './cai.command';
import { registerClientCommands } from './client.command';
import { registerDemoCommand } from './demo.command';
import { registerInvoiceCommands } from './invoice.command';
import { registerNoteCommands } from './note.command';
import { registerOperatorCommands } from './operator.command';
import { registerReportCommands } from './report.command';
import { registerTemplateCommands } from './template.command';

/** How every command module plugs into the program; `run` gives it a database and container. */
export type CommandRegistrar = (program: Command, run: (body: (rt: CliRuntime) => Promise<void>) => Promise<void>) => void;

export const COMMANDS: CommandRegistrar[] = [
  registerApplyCommand,
  registerExportCommand,
  registerApiKeyCommands,
  registerClientCommands,
  registerInvoiceCommands,
  registerNoteCommands,
  registerTemplateCommands,
  registerDemoCommand,
  registerReportCommands,
  registerCaiCommands,
  registerAuditCommand,
  registerOperatorCommands,
  registerActivityCommand,
];
