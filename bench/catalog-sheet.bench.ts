import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RequestContext } from '@mikro-orm/mysql';
import { loadConfig } from '../config/config';
import { buildContainer, closeContainer } from '../src/container';
import { openDatabase } from '../src/db/database-bootstrap';
import { createLogger } from '../src/logger';
import { createPdfRenderer } from '../src/pdf/create-pdf-renderer';
import { CatalogSheets, CompanyDirectory } from '../src/services/company';
import { readTable } from '../src/services/fiscal-reports';
import { BENCH_ACTOR, BENCH_COMPANY, setUpBenchCompany } from './bench-company';
import { benchDatabase } from './bench-database';
import { runBench, writeResults } from './bench-output';
import { REPO_ROOT } from './bench-processes';

/**
 * `npm run bench:catalog`: the catalog spreadsheet of 10,000 products, each with a price and a
 * mapped id, uploaded as CSV and applied through the console's path (read the file, build the
 * setup document, check, write in one transaction): once to create them all, once more with every
 * price changed. Reports each apply's time and the process's peak memory; the ceiling is 30 s.
 */
const PRODUCTS = 10_000;
const CEILING_MS = 30_000;
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'catalog-sheet.json');

function catalogCsv(priceOffset: number): Buffer {
  const lines = ['code,name,isvRate,exempt,exemptPerUnit,price GENERAL,currency GENERAL,discountPolicy GENERAL,externalProductIds'];
  for (const code of ['P-ARROZ', 'P-CERVEZA', 'P-COMBO', 'P-IMPORT', 'P-LECHE']) lines.push(`${code},Producto ${code},15,false,,100,HNL,,`);
  for (let i = 0; i < PRODUCTS; i++) {
    const code = `B-${String(i).padStart(6, '0')}`;
    lines.push(`${code},Producto de prueba ${i},15,false,,${(10 + (i % 500) + priceOffset).toFixed(2)},HNL,,SKU-${code}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The highest resident set size seen while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const db = benchDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
  const orm = await openDatabase(config, createLogger(config.logLevel));
  const container = buildContainer(
    config,
    createLogger(config.logLevel),
    orm,
    createPdfRenderer({ ...config, sofficePath: '/nonexistent/soffice' }),
  );
  try {
    await setUpBenchCompany(orm, container);
    const company = await RequestContext.create(orm.em, () => container.get(CompanyDirectory).byCode(BENCH_COMPANY));
    const runs: Record<string, { ms: number; peakRssMb: number; created: number; updated: number; deleted: number }> = {};
    for (const [name, offset] of [
      ['create', 0],
      ['change every price', 1],
    ] as const) {
      const bytes = catalogCsv(offset);
      const start = performance.now();
      const { result, peakRssMb } = await peakRss(() =>
        RequestContext.create(orm.em, async () => container.get(CatalogSheets).apply(BENCH_ACTOR, company, await readTable(bytes))),
      );
      const ms = Math.round(performance.now() - start);
      if (result.problems.length > 0 || !result.summary)
        throw new Error(`the sheet was refused: ${JSON.stringify(result.problems.slice(0, 5))}`);
      const { created, updated, deleted } = result.summary;
      runs[name] = { ms, peakRssMb, created, updated, deleted };
      console.log(
        `${name}: ${PRODUCTS} products, ${(bytes.length / 1024).toFixed(0)} kB of CSV: ${ms} ms, peak RSS ${peakRssMb} MB (${created} created, ${updated} updated, ${deleted} deleted)`,
      );
      if (ms > CEILING_MS) throw new Error(`${name} took ${ms} ms, over ${CEILING_MS} ms`);
    }
    writeResults(RESULTS_FILE, { products: PRODUCTS, ceilingMs: CEILING_MS, runs });
  } finally {
    await closeContainer(container);
    await orm.close(true);
    await db.drop();
  }
}

runBench(main);
