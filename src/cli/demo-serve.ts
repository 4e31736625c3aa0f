import 'reflect-metadata';
import pino from 'pino';
import { startService } from '../server';
import { runCommand } from './cli-runtime';
import { demoBanner } from './demo/demo-banner';
import { setUpDemoAdministrator, setUpDemoCompany } from './demo/demo-setup';

/**
 * `npm run demo`: sets up the demo company with a fresh key and the console's demo administrator
 * with a fresh password, then serves until SIGTERM/SIGINT (startService handles both) and prints a
 * banner with the key, ready-to-paste requests, the console's address and the administrator.
 */
async function serveDemo(): Promise<void> {
  const { credentials, administrator } = await runCommand(async ({ container, actor }) => ({
    credentials: await setUpDemoCompany(container, actor),
    administrator: await setUpDemoAdministrator(container, actor),
  }));
  // Synchronous logs, so the banner written after "service listening" also lands after it on
  // stdout; pino's default stdout writer is asynchronous and the banner would overtake it.
  const { port, consolePort, mailDestination, stop } = await startService({ logDestination: pino.destination({ dest: 1, sync: true }) });
  // The banner promises previews with a PDF; without one every preview would answer pdfBase64 null.
  if (!(await rendersPdfs(port))) {
    await stop();
    throw new Error('PDF rendering is unavailable (see the log above): run `npm run setup`, then `npm run demo` again');
  }
  process.stdout.write(demoBanner(credentials, port, consolePort, administrator, mailDestination));
}

async function rendersPdfs(port: number): Promise<boolean> {
  const health = (await (await fetch(`http://127.0.0.1:${port}/v1/health`)).json()) as { details?: { pdf?: string } };
  return health.details?.pdf === 'available';
}

serveDemo().catch((err: unknown) => {
  console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
