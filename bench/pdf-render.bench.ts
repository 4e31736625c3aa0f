import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { hondurasDate } from '../src/domain/calendar-date';
import { runCommand } from '../src/cli/cli-runtime';
import { demoSetupDocument } from '../src/cli/demo/demo-company';
import { setUpDemoCompany } from '../src/cli/demo/demo-setup';
import { startService } from '../src/server';
import { benchDatabase } from './bench-database';

/**
 * PDF render latency of GET /v1/invoices/:id/pdf on a started service (real HTTP on loopback,
 * real LibreOffice) under 1, 4 and 8 concurrent clients: median and p95 per level.
 * Uses a database of its own (dropped at the end) and the demo company.
 */
const LEVELS = [1, 4, 8];
const REQUESTS_PER_LEVEL = 48;
const LINES = 10;
const WARM_UP = 5;

export interface LevelResult {
  concurrency: number;
  requests: number;
  medianMs: number;
  p95Ms: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.subarray(0, 4).toString() !== '%PDF') throw new Error(`GET ${url} answered ${res.status}`);
  return performance.now() - start;
}

/** `concurrency` clients, each sending its share of the requests one after another. */
async function level(concurrency: number, url: string, headers: Record<string, string>): Promise<LevelResult> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < REQUESTS_PER_LEVEL / concurrency; i++) latencies.push(await timed(url, headers));
    }),
  );
  const elapsedS = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    requests: latencies.length,
    medianMs: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    perSecond: Math.round((latencies.length / elapsedS) * 10) / 10,
  };
}

export async function runPdfRenderBench(): Promise<LevelResult[]> {
  const db = benchDatabase();
  process.env.DATABASE_URL = db.url;
  process.env.LOG_LEVEL ??= 'warn';
  process.env.PORT = '0';
  process.env.CONSOLE_PORT = 'off';
  // Its anonymous invoice totals more than a final consumer may buy unidentified; the bench measures rendering.
  process.env.FINAL_CONSUMER_ID_THRESHOLD ??= '0';
  const { apiKey } = await runCommand(({ container, actor }) => setUpDemoCompany(container, actor));
  const service = await startService();
  try {
    const base = `http://127.0.0.1:${service.port}`;
    const auth = { Authorization: `Bearer ${apiKey}` };
    const skus = (demoSetupDocument(hondurasDate(new Date())).productMappings ?? []).map((m) => m.externalProductId);
    const items = Array.from({ length: LINES }, (_, i) => ({ externalProductId: skus[i % skus.length], quantity: i + 1 }));
    const issued = await fetch(`${base}/v1/invoices`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `bench-pdf-${Date.now()}` },
      body: JSON.stringify({ items }),
    });
    const invoice = (await issued.json()) as { id?: number };
    if (issued.status !== 201 || invoice.id === undefined) throw new Error(`issuing the bench invoice answered ${issued.status}`);
    const url = `${base}/v1/invoices/${invoice.id}/pdf`;
    for (let i = 0; i < WARM_UP; i++) await timed(url, auth);
    const results: LevelResult[] = [];
    for (const concurrency of LEVELS) results.push(await level(concurrency, url, auth));
    return results;
  } finally {
    await service.stop();
    await db.drop();
  }
}

if (require.main === module) {
  runPdfRenderBench().then(
    (results) => {
      console.log(`PDF render, GET /v1/invoices/:id/pdf, ${LINES}-line invoice, ${REQUESTS_PER_LEVEL} requests per level`);
      console.table(results);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
