import type { Container } from 'inversify';
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/mysql';
import type Koa from 'koa';
import { loadConfig } from '../config/config';
import { buildContainer, closeContainer } from '../src/container';
import { openDatabase } from '../src/db/database-bootstrap';
import { buildApp } from '../src/http/app';
import { createLogger } from '../src/logger';
import { createPdfRenderer } from '../src/pdf/create-pdf-renderer';
import type { CarbonePdfRenderer } from '../src/pdf/pdf-renderer';
import { runBench, writeResults } from './bench-output';
import { benchDatabase } from './bench-database';
import { REPO_ROOT } from './bench-processes';
import { FIVE_LINE_CART, setUpBenchCompany } from './bench-company';
import { closeClient, postJson, TimedResponse } from './loopback-client';
import { summarize, Summary } from './stats';
import { TransactionTimer } from './transaction-timer';
import type { SqlClient } from '../src/db/sql-client';
import { TOKENS } from '../src/tokens';

/**
 * `npm run bench:lock`: latency of preview and issue over loopback HTTP, and how long an issue holds
 * the CAI range row lock. Everything runs against a database of its own (dropped at the end).
 *
 * The service is composed in this process from the same parts startService() uses (config,
 * openDatabase, container, Koa app, node http server), twice over one ORM:
 *   - "with PDF": the real renderer (LibreOffice), as the service runs in production;
 *   - "without PDF": the renderer pointed at a soffice that does not exist, so it is unavailable
 *     and every response carries pdfBase64 null. Same routes, pricing, database and JSON: the
 *     difference between the two is what rendering the PDF costs a request.
 * Composing it here (not calling startService) gives the bench the containers' plain SQL clients,
 * to time the issuing transaction without touching the issuing code (see TransactionTimer).
 */
const SAMPLES = 50;
const WARM_UP = 5;
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'issue-lock.json');

interface Row {
  measurement: string;
  summary: Summary;
}

async function listen(app: Koa): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** `count` requests one after another; each must pass `check`, or the bench stops. */
async function sequential(
  count: number,
  send: (i: number) => Promise<TimedResponse>,
  check: (res: TimedResponse) => string | undefined,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send(i);
    const problem = check(res);
    if (problem) throw new Error(`request ${i + 1}: ${problem} (status ${res.status}, ${JSON.stringify(res.body).slice(0, 300)})`);
    times.push(res.ms);
  }
  return times;
}

const previewCheck = (withPdf: boolean) => (res: TimedResponse) => {
  if (res.status !== 200) return 'preview failed';
  if (withPdf !== (typeof res.body.pdfBase64 === 'string')) return withPdf ? 'preview came without its PDF' : 'preview came with a PDF';
  return undefined;
};
const issueCheck = (withPdf: boolean) => (res: TimedResponse) => {
  if (res.status !== 201 || res.body.replayed !== false) return 'issue failed';
  if (withPdf !== (typeof res.body.pdfBase64 === 'string')) return withPdf ? 'invoice came without its PDF' : 'invoice came with a PDF';
  return undefined;
};

async function main(): Promise<void> {
  const db = benchDatabase();
  // loadConfig() reads process.env, as the service does.
  process.env.DATABASE_URL = db.url;
  process.env.LOG_LEVEL = 'warn';
  process.env.PORT = '0';
  process.env.CONSOLE_PORT = 'off';
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const servers: http.Server[] = [];
  const renderers: CarbonePdfRenderer[] = [];
  const containers: Container[] = [];
  let orm: MikroORM | undefined;
  try {
    orm = await openDatabase(config, logger);
    const realRenderer = createPdfRenderer(config);
    const absentRenderer = createPdfRenderer({ ...config, sofficePath: '/nonexistent/soffice' });
    renderers.push(realRenderer, absentRenderer);
    await Promise.all([realRenderer.start(), absentRenderer.start()]);
    if (!realRenderer.isAvailable()) throw new Error(`LibreOffice is needed for the PDF figures: ${realRenderer.unavailableReason}`);

    const withPdfContainer = buildContainer(config, logger, orm, realRenderer);
    // Its renderer is absent on purpose: no warning per request ("PDF rendering failed").
    const withoutPdfContainer = buildContainer(config, createLogger('error'), orm, absentRenderer);
    containers.push(withPdfContainer, withoutPdfContainer);
    const auth = await setUpBenchCompany(orm, withPdfContainer);
    const withPdf = await listen(buildApp(withPdfContainer));
    const withoutPdf = await listen(buildApp(withoutPdfContainer));
    servers.push(withPdf.server, withoutPdf.server);

    const preview = (port: number) => () => postJson(port, '/v1/invoices/preview', auth, FIVE_LINE_CART);
    const issue = (port: number, prefix: string) => (i: number) =>
      postJson(port, '/v1/invoices', { ...auth, 'Idempotency-Key': `${prefix}-${i}` }, FIVE_LINE_CART);

    await sequential(WARM_UP, preview(withPdf.port), previewCheck(true));
    await sequential(WARM_UP, preview(withoutPdf.port), previewCheck(false));
    await sequential(WARM_UP, issue(withPdf.port, 'warm-pdf'), issueCheck(true));
    await sequential(WARM_UP, issue(withoutPdf.port, 'warm-plain'), issueCheck(false));

    const rows: Row[] = [];
    rows.push({
      measurement: 'preview, 5 lines, with PDF',
      summary: summarize(await sequential(SAMPLES, preview(withPdf.port), previewCheck(true))),
    });
    rows.push({
      measurement: 'preview, 5 lines, without PDF',
      summary: summarize(await sequential(SAMPLES, preview(withoutPdf.port), previewCheck(false))),
    });
    const timer = TransactionTimer.attach(withPdfContainer.get<SqlClient>(TOKENS.Sql), withoutPdfContainer.get<SqlClient>(TOKENS.Sql));
    rows.push({
      measurement: 'issue, 5 lines, with PDF',
      summary: summarize(await sequential(SAMPLES, issue(withPdf.port, 'bench-pdf'), issueCheck(true))),
    });
    rows.push({
      measurement: 'issue, 5 lines, without PDF',
      summary: summarize(await sequential(SAMPLES, issue(withoutPdf.port, 'bench-plain'), issueCheck(false))),
    });
    if (timer.samples.length !== 2 * SAMPLES)
      throw new Error(`timed ${timer.samples.length} issuing transactions, expected ${2 * SAMPLES}`);
    rows.push({ measurement: 'range row lock held per issue', summary: summarize(timer.samples.map((s) => s.lockHoldMs)) });
    rows.push({ measurement: 'issuing transaction (BEGIN..COMMIT)', summary: summarize(timer.samples.map((s) => s.transactionMs)) });
    rows.push({ measurement: 'wait for the range lock', summary: summarize(timer.samples.map((s) => s.lockWaitMs)) });

    report(rows);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    closeClient();
    await Promise.all(containers.map(closeContainer));
    await Promise.all(renderers.map((r) => r.stop()));
    await orm?.close(true);
    await db.drop();
  }
}

function report(rows: Row[]): void {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(`\nInvoicing service bench: ${SAMPLES} sequential requests each over loopback HTTP, after ${WARM_UP} warm-up requests`);
  console.log(`node ${process.version}, ${os.cpus().length} cores, load average ${load.join(' ')} (figures on a busy machine run high)\n`);
  console.table(
    rows.map(({ measurement, summary }) => ({
      measurement,
      'median ms': summary.medianMs,
      'p95 ms': summary.p95Ms,
      'min ms': summary.minMs,
      'max ms': summary.maxMs,
      n: summary.samples,
    })),
  );
  console.log(
    [
      'preview/issue: first byte sent to last byte received, one kept-alive connection. "without PDF" is the same service with',
      'LibreOffice absent (pdfBase64 null): pricing, database reads/writes, JSON. Lock rows time the 100 issues (50 with, 50',
      'without PDF): lock held = from the CAI range SELECT ... FOR UPDATE returning to COMMIT done; the PDF is rendered after it.',
    ].join('\n'),
  );
  writeResults(RESULTS_FILE, { samples: SAMPLES, rows });
}

runBench(main);
