import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RequestContext, type MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import mysql from 'mysql2/promise';
import { loadConfig } from '../config/config';
import { buildContainer, closeContainer } from '../src/container';
import { openDatabase } from '../src/db/database-bootstrap';
import { parseInvoiceRequest } from '../src/http/schemas/invoice-request.schema';
import { createLogger } from '../src/logger';
import { createPdfRenderer } from '../src/pdf/create-pdf-renderer';
import { Authenticator } from '../src/services/access';
import { CompanyDirectory } from '../src/services/company';
import { InvoiceIssuer, InvoicePdfService, InvoiceReader } from '../src/services/sales';
import { BENCH_COMPANY, FIVE_LINE_CART, setUpBenchCompany } from './bench-company';
import { benchDatabase } from './bench-database';
import { machineLine, writeResults } from './bench-output';
import { REPO_ROOT } from './bench-processes';

/**
 * The month's archive (`admin archive`): the time to archive a month of 1,000 documents against
 * the time to render those documents once, in this process, through the same pipeline with as
 * many renders at once as the CLI's renderer takes (goal: under twice); and the archiving
 * process's peak memory for a month of 1,000 and one of 5,000 documents (goal: within 10 %, no
 * growth with the month's size). The months are made fast: one invoice issued through the
 * service, then copied row by row in SQL (its lines and taxes too) with the next numbers, dates
 * spread over the month and a verification token each, so every copy is a document of its own
 * whose PDF differs. BENCH_ARCHIVE_DOCUMENTS=200,1000 shrinks both months (a quick check).
 */
const [SMALL, LARGE] = (process.env.BENCH_ARCHIVE_DOCUMENTS ?? '1000,5000').split(',').map(Number);
/** Two months long past, so that no other document of the bench company falls in them. */
const [SMALL_MONTH, LARGE_MONTH] = ['2020-01', '2020-02'];
/** Archive under twice the time of rendering once; peak memory within 10 % from the small month to the large one. */
const GOALS = { timeRatio: 2, memoryGrowth: 0.1 };

interface ArchiveRun {
  ms: number;
  /** Peak resident memory of the archiving node process (VmHWM), MiB. */
  peakMiB: number;
  bytes: number;
}

export async function benchArchive(): Promise<void> {
  const db = benchDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', PDF_CACHE_MAX_MB: '0' });
  const logger = createLogger(config.logLevel);
  const orm = await openDatabase(config, logger);
  // As the CLI makes its renderer: one LibreOffice (cli-runtime.ts).
  const renderer = createPdfRenderer({ ...config, pdfFactories: 1 }, logger);
  const container = buildContainer(config, logger, orm, renderer);
  try {
    await renderer.start();
    const source = await issueSource(orm, container);
    await copyInvoice(orm, source, SMALL_MONTH, 2, SMALL);
    await copyInvoice(orm, source, LARGE_MONTH, 2 + SMALL, LARGE);

    const renderedOnce = await renderMonth(orm, container, SMALL_MONTH, config.pdfFactories + 1);
    const small = await archive(db.url, SMALL_MONTH);
    const large = await archive(db.url, LARGE_MONTH);

    const ratio = small.ms / renderedOnce;
    const growth = (large.peakMiB - small.peakMiB) / small.peakMiB;
    console.log(`\nThe month's archive (admin archive), ${SMALL} and ${LARGE} documents (5 lines each)`);
    console.log(`${machineLine()}\n`);
    console.table([
      {
        what: `archive of ${SMALL} documents (CLI process, LibreOffice start included)`,
        service: `${(small.ms / 1000).toFixed(1)} s`,
        floor: `rendering them once: ${(renderedOnce / 1000).toFixed(1)} s`,
        ratio: Math.round(ratio * 1000) / 1000,
        goal: `< ${GOALS.timeRatio}`,
        met: ratio < GOALS.timeRatio ? 'yes' : 'NO',
      },
      {
        what: `peak RSS of the archiving process, ${LARGE} documents`,
        service: `${large.peakMiB} MiB`,
        floor: `${SMALL} documents: ${small.peakMiB} MiB`,
        ratio: Math.round((1 + growth) * 1000) / 1000,
        goal: `growth <= ${GOALS.memoryGrowth * 100} %`,
        met: growth <= GOALS.memoryGrowth ? 'yes' : 'NO',
      },
    ]);
    console.log(`ZIP sizes: ${(small.bytes / 1048576).toFixed(1)} MiB and ${(large.bytes / 1048576).toFixed(1)} MiB`);
    writeResults(path.join(REPO_ROOT, 'bench', 'results', 'archive.json'), {
      small: { documents: SMALL, renderedOnceMs: renderedOnce, ...small },
      large: { documents: LARGE, ...large },
    });
  } finally {
    await renderer.stop();
    await closeContainer(container);
    await orm.close(true);
    await db.drop();
  }
}

/** The bench company, and one five-line invoice issued through the service with its versions fixed (its PDF rendered once). */
async function issueSource(orm: MikroORM, container: Container): Promise<number> {
  const auth = await setUpBenchCompany(orm, container);
  return RequestContext.create(orm.em, async () => {
    const principal = await container.get(Authenticator).authenticate(auth.Authorization.slice('Bearer '.length));
    const { invoice } = await container.get(InvoiceIssuer).issue(principal, 'archive-bench', FIVE_LINE_CART, parseInvoiceRequest);
    return invoice.id;
  });
}

/**
 * `count` copies of invoice `sourceId`, numbered from `first`, dated over the days of `month`:
 * three INSERT ... SELECT statements (invoices, lines, taxes), the same on MariaDB and MySQL.
 */
async function copyInvoice(orm: MikroORM, sourceId: number, month: string, first: number, count: number): Promise<void> {
  const conn = await mysql.createConnection({ uri: orm.config.getClientUrl(), multipleStatements: false });
  try {
    await conn.query('CREATE TEMPORARY TABLE bench_copies (n INT UNSIGNED PRIMARY KEY)');
    for (let at = 0; at < count; at += 1000) {
      const numbers = Array.from({ length: Math.min(1000, count - at) }, (_, i) => [first + at + i]);
      await conn.query('INSERT INTO bench_copies (n) VALUES ?', [numbers]);
    }
    const [columns] = await conn.query<mysql.RowDataPacket[]>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'invoices' AND column_name <> 'id' ORDER BY ordinal_position",
    );
    const names = columns.map((c) => String(c.name));
    // Noon in Honduras (18:00 UTC) of day 1..28 of the month.
    const date = `DATE_ADD(?, INTERVAL (18 * 60 + MOD(k.n, 28) * 1440) MINUTE)`;
    const value: Record<string, string> = {
      invoice_number: 'k.n',
      fiscal_number: "CONCAT(LEFT(s.fiscal_number, 11), LPAD(k.n, 8, '0'))",
      verification_token: "CONCAT(LEFT(s.verification_token, 12), LPAD(k.n, 10, '0'))",
      invoice_date: date,
      created_at: date,
    };
    const start = `${month}-01 00:00:00`;
    await conn.query(
      `INSERT INTO invoices (${names.join(', ')}) SELECT ${names.map((n) => value[n] ?? `s.${n}`).join(', ')} FROM invoices s JOIN bench_copies k WHERE s.id = ?`,
      [start, start, sourceId],
    );
    const copies = 'SELECT c.id FROM invoices c JOIN invoices s ON s.id = ? WHERE c.company_id = s.company_id AND c.id <> s.id';
    const [lineColumns] = await conn.query<mysql.RowDataPacket[]>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'invoice_lines' AND column_name NOT IN ('id', 'invoice_id') ORDER BY ordinal_position",
    );
    const lines = lineColumns.map((c) => String(c.name));
    await conn.query(
      `INSERT INTO invoice_lines (invoice_id, ${lines.join(', ')}) SELECT c.id, ${lines.map((n) => `l.${n}`).join(', ')} FROM (${copies}) c JOIN invoice_lines l ON l.invoice_id = ? WHERE c.id NOT IN (SELECT invoice_id FROM invoice_lines)`,
      [sourceId, sourceId],
    );
    await conn.query(
      `INSERT INTO invoice_taxes (invoice_id, rate, taxed_amount, tax_amount) SELECT c.id, t.rate, t.taxed_amount, t.tax_amount FROM (${copies}) c JOIN invoice_taxes t ON t.invoice_id = ? WHERE c.id NOT IN (SELECT invoice_id FROM invoice_taxes)`,
      [sourceId, sourceId],
    );
    await conn.query('UPDATE cai_ranges r JOIN invoices s ON s.cai_range_id = r.id SET r.next_number = ? WHERE s.id = ?', [
      first + count,
      sourceId,
    ]);
  } finally {
    await conn.end();
  }
}

/** Renders every invoice of the month once, `window` at a time, as the archive does; ms taken. */
async function renderMonth(orm: MikroORM, container: Container, month: string, window: number): Promise<number> {
  return RequestContext.create(orm.em, async () => {
    const company = await container.get(CompanyDirectory).byCode(BENCH_COMPANY);
    // The month in Honduras: from 06:00 UTC of its first day to 06:00 UTC of the next month's.
    const start = `${month}-01 06:00:00`;
    const list = (await orm.em
      .getKnex()
      .select('id')
      .from('invoices')
      .where('company_id', company.id)
      .andWhere('invoice_date', '>=', start)
      .andWhereRaw('invoice_date < DATE_ADD(?, INTERVAL 1 MONTH)', [start])
      .orderBy('fiscal_number')) as Array<{ id: number }>;
    const reader = container.get(InvoiceReader);
    const pdfs = container.get(InvoicePdfService);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: window }, async () => {
        while (next < list.length) {
          const id = list[next++].id;
          await pdfs.renderIssued(BENCH_COMPANY, await reader.get(company.id, id));
        }
      }),
    );
    return performance.now() - started;
  });
}

/** `admin archive` of the month as its own process; its time and its peak resident memory. */
async function archive(databaseUrl: string, month: string): Promise<ArchiveRun> {
  const out = path.join(os.tmpdir(), `archive-bench-${process.pid}-${month}.zip`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'dist', 'src', 'cli', 'admin.js'), 'archive', '--company', BENCH_COMPANY, '--month', month, '--out', out],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, PDF_CACHE_MAX_MB: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peakKib = 0;
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKib = Math.max(peakKib, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0));
    } catch {
      // ended meanwhile
    }
  };
  const sampler = setInterval(sample, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`admin archive of ${month} exited ${code}: ${stderr.slice(-500)}`);
  const bytes = fs.statSync(out).size;
  fs.rmSync(out);
  return { ms, peakMiB: Math.round(peakKib / 102.4) / 10, bytes };
}
