import 'reflect-metadata';
import pino from 'pino';
import { startService } from '../server';
import { runCommand } from './cli-runtime';
import { demoBanner } from './demo/demo-banner';
import { setUpDemoCompany } from './demo/demo-setup';

/**
 * `npm run demo`: sets up the demo company with a fresh key, then serves until SIGTERM/SIGINT
 * (startService handles both) and prints a banner with the key and ready-to-paste requests.
 */
async function serveDemo(): Promise<void> {
  const credentials = await runCommand(({ container }) => setUpDemoCompany(container));
  // Synchronous logs, so the banner written after "service listening" also lands after it on
  // stdout; pino's default stdout writer is asynchronous and the banner would overtake it.
  const { port } = await startService({ logDestination: pino.destination({ dest: 1, sync: true }) });
  process.stdout.write(demoBanner(credentials, port));
}

serveDemo().catch((err: unknown) => {
  console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
