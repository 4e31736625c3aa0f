import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { benchArchive } from './archive.bench';
import { BENCH_COMPANY, FIVE_LINE_CART, prepareBenchDatabase } from './bench-company';
import { benchDatabase } from './bench-database';
import { machineLine, runBench, writeResults } from './bench-output';
import { BenchChild, REPO_ROOT, startFloor, startService } from './bench-processes';
import { CpuAccounts, descendants, localDatabaseServer, processAlone } from './cpu-accounts';
import { load, LoadResult } from './load';
import { closeClient, getRaw, postJson } from './loopback-client';
import { summarize } from './stats';

/**
 * `npm run bench`: every figure of the performance goals, each beside the floor of the same work
 * measured in the same run, interleaved (service, floor, service, floor...) so that drift of a
 * shared machine falls on both sides of a ratio. Processes:
 *   - the service, compiled, as production runs it (`node dist/src/main.js`, default settings)
 *     except the rate limit, off so that capacity is measured and not the limiter;
 *   - a bare Koa app answering {"hello":"world"}: the floor of any request;
 *   - raw carbone with one LibreOffice per core rendering the project's template: the floor of a PDF;
 *   - here: the load generator (autocannon) and a raw InnoDB transaction (mysql2, no ORM) that
 *     locks a counter row, inserts a row and commits: the floor of the issuing transaction.
 * On a database of its own, dropped at the end.
 */
const CONNECTIONS = 16;
const ROUNDS = 3;
const SLICE_SECONDS = 4;
const POST_SLICE_SECONDS = 6;
const LATENCY_ROUNDS = 5;
const LATENCY_PER_ROUND = 10;
const PREVIEW_PER_ROUND = 3;
const CLIENTS = 60;
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'latest.json');

interface Figure {
  what: string;
  service: string;
  floor: string;
  ratio: number;
  goal: string;
  met: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const perSecond = (results: LoadResult[]) => results.reduce((s, r) => s + r.good, 0) / results.reduce((s, r) => s + r.seconds, 0);
const median = (samples: number[]) => summarize(samples).medianMs;

const children: BenchChild[] = [];
/** The service's .eml folders, removed at the end. */
const outboxes: string[] = [];

/** Waits until `dir` holds `count` .eml files (every e-mail of the sales so far written). */
async function waitForFiles(dir: string, count: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length < count) {
    if (Date.now() > until) throw new Error(`the sender wrote fewer than ${count} e-mails in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
// Interrupted, the bench still stops what it started (a service left running keeps its LibreOffice).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all(children.map((c) => c.stop())).finally(() => process.exit(1)));
}

async function main(): Promise<void> {
  // BENCH_ONLY=archive: the month's archive alone (archive.bench.ts); it also runs after the rest.
  if (process.env.BENCH_ONLY === 'archive') return benchArchive();
  await serviceFigures();
  if (process.env.BENCH_ONLY === undefined) await benchArchive();
}

async function serviceFigures(): Promise<void> {
  const db = benchDatabase();
  let floorDb: mysql.Connection | undefined;
  try {
    const auth = await prepareBenchDatabase(db.url);
    floorDb = await mysql.createConnection(db.url);
    await floorDb.query('CREATE TABLE bench_floor_counter (id INT PRIMARY KEY, n INT NOT NULL) ENGINE=InnoDB');
    await floorDb.query(
      'CREATE TABLE bench_floor_rows (id INT AUTO_INCREMENT PRIMARY KEY, counter INT NOT NULL, payload VARCHAR(255) NOT NULL) ENGINE=InnoDB',
    );
    await floorDb.query('INSERT INTO bench_floor_counter VALUES (1, 0)');

    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
    outboxes.push(outbox);
    const service = await startService({
      DATABASE_URL: db.url,
      RATE_LIMIT_PER_MINUTE: '0',
      FINAL_CONSUMER_ID_THRESHOLD: '0',
      MAIL_OUTBOX_DIR: outbox,
      SMTP_URL: '',
    });
    children.push(service);
    const hello = await startFloor('hello-server.js');
    children.push(hello);
    const renderFloor = await startFloor('render-floor-server.js');
    children.push(renderFloor);
    const base = `http://127.0.0.1:${service.port}`;

    const clientIds: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const res = await postJson(service.port, '/v1/clients', auth, {
        clientName: `Cliente ${String(i).padStart(3, '0')}`,
        email: `c${i}@bench.hn`,
        legalId: `0801199900${String(i).padStart(4, '0')}`,
      });
      if (res.status !== 201) throw new Error(`creating client ${i} answered ${res.status}`);
      clientIds.push(res.body.id as number);
    }
    const first = await postJson(service.port, '/v1/invoices', { ...auth, 'Idempotency-Key': 'bench-target' }, FIVE_LINE_CART);
    if (first.status !== 201 || typeof first.body.pdfBase64 !== 'string')
      throw new Error(`the first invoice answered ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
    const invoiceId = first.body.id as number;

    let key = 0;
    const issueKey = () => ({ 'Idempotency-Key': `bench-${process.pid}-${++key}` });
    const withPdf = (status: number, body: string) => status === 201 && body.includes('"pdfBase64":"JVBER');
    /** One slice of POST /v1/invoices at CONNECTIONS concurrent, each with a new key; good answers carry a PDF. */
    const issuing = (sale: object) =>
      load({
        url: `${base}/v1/invoices`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(sale),
        perRequestHeaders: issueKey,
        check: withPdf,
        connections: CONNECTIONS,
        seconds: POST_SLICE_SECONDS,
      });
    const targets = {
      hello: { url: `http://127.0.0.1:${hello.port}/` },
      invoice: { url: `${base}/v1/invoices/${invoiceId}`, headers: auth },
      health: { url: `${base}/v1/health` },
      clients: { url: `${base}/v1/clients?page=1&limit=50`, headers: auth },
    };

    // Warm-up: JIT, connection pools, LibreOffice.
    for (const target of Object.values(targets)) await load({ ...target, connections: CONNECTIONS, seconds: 1 });
    await load({
      url: `${base}/v1/invoices`,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(FIVE_LINE_CART),
      perRequestHeaders: issueKey,
      connections: CONNECTIONS,
      seconds: 2,
    });
    await load({ url: `http://127.0.0.1:${renderFloor.port}/render`, method: 'POST', connections: CONNECTIONS, seconds: 2 });

    // 1. Reads at 16 concurrent clients.
    const reads: Record<keyof typeof targets, LoadResult[]> = { hello: [], invoice: [], health: [], clients: [] };
    // CPU the serving process used (under a shared machine's contention, a steadier measure than
    // req/s) and what the database server did: the service asks it once per batch of requests.
    const databaseServer = localDatabaseServer();
    const readCpu = Object.fromEntries(
      Object.keys(targets).map((name) => [
        name,
        new CpuAccounts({ serving: processAlone((name === 'hello' ? hello : service).child.pid!), MariaDB: databaseServer }, floorDb),
      ]),
    ) as Record<keyof typeof targets, CpuAccounts<'serving' | 'MariaDB'>>;
    for (let r = 0; r < (process.env.BENCH_ONLY === 'issues' ? 0 : ROUNDS); r++) {
      for (const [name, target] of Object.entries(targets) as Array<[keyof typeof targets, (typeof targets)[keyof typeof targets]]>) {
        reads[name].push(await readCpu[name].measure(() => load({ ...target, connections: CONNECTIONS, seconds: SLICE_SECONDS })));
      }
    }

    const cpuPerRequest = (name: keyof typeof reads) => readCpu[name].perUnit(reads[name].reduce((n, r) => n + r.requests, 0));

    // BENCH_ONLY=reads: the reads alone (e.g. to profile them).
    if (process.env.BENCH_ONLY === 'reads') {
      for (const name of Object.keys(reads) as Array<keyof typeof reads>)
        console.log(`${name}: ${Math.round(perSecond(reads[name]))} req/s; CPU per request: ${cpuPerRequest(name)}`);
      return;
    }

    // 2. Issues at 16 concurrent clients against raw carbone at 16 concurrent renders.
    const issues: LoadResult[] = [];
    const renders: LoadResult[] = [];
    const servicePid = service.child.pid!;
    const issueCpu = new CpuAccounts(
      { 'service node': processAlone(servicePid), 'its LibreOffice': descendants(servicePid), MariaDB: databaseServer },
      floorDb,
    );
    const renderCpu = new CpuAccounts({
      'floor node': processAlone(renderFloor.child.pid!),
      'its LibreOffice': descendants(renderFloor.child.pid!),
    });
    for (let r = 0; r < ROUNDS - 1; r++) {
      renders.push(
        await renderCpu.measure(() =>
          load({
            url: `http://127.0.0.1:${renderFloor.port}/render`,
            method: 'POST',
            connections: CONNECTIONS,
            seconds: POST_SLICE_SECONDS,
          }),
        ),
      );
      issues.push(await issueCpu.measure(() => issuing(FIVE_LINE_CART)));
    }
    // 2b. Delivery on against off, side by side: sales to a client (e-mailed with their PDF into
    // the .eml outbox by the service's sender) against the same sales to no client (nothing sent).
    // The "on" side's time runs until every sale it made is written out, so a sender that fell
    // behind counts against it.
    const mailedCart = { ...FIVE_LINE_CART, clientId: clientIds[0] };
    const mailed: LoadResult[] = [];
    const unmailed: LoadResult[] = [];
    let mailedSoFar = 0;
    for (let r = 0; r < ROUNDS - 1; r++) {
      unmailed.push(await issuing(FIVE_LINE_CART));
      const started = performance.now();
      const slice = await issuing(mailedCart);
      mailedSoFar += slice.good;
      await waitForFiles(outbox, mailedSoFar, 120_000);
      mailed.push({ ...slice, seconds: (performance.now() - started) / 1000 });
    }
    const deliveryLine = `delivery on ${perSecond(mailed).toFixed(1)} invoices/s (until mailed), off ${perSecond(unmailed).toFixed(1)} invoices/s, ratio ${(perSecond(mailed) / perSecond(unmailed)).toFixed(3)}`;

    const issued = issues.reduce((n, r) => n + r.good, 0);
    const rendered = renders.reduce((n, r) => n + r.good, 0);
    const issueCpuPerUnit = `per issue: ${issueCpu.perUnit(issued)} | per floor PDF: ${renderCpu.perUnit(rendered)}`;

    // BENCH_ONLY=issues: section 2 alone.
    if (process.env.BENCH_ONLY === 'issues') {
      console.log(
        `service ${perSecond(issues).toFixed(1)} invoices/s, carbone ${perSecond(renders).toFixed(1)} PDF/s, ratio ${(perSecond(issues) / perSecond(renders)).toFixed(3)}`,
      );
      console.log(`CPU at ${CONNECTIONS} concurrent, ${issueCpuPerUnit}`);
      console.log(deliveryLine);
      return;
    }

    // 3. One client at a time: issue, its floors, reprints, previews.
    const previewOneLine = { items: [FIVE_LINE_CART.items[0]] };
    const preview500 = { items: Array.from({ length: 500 }, (_, i) => FIVE_LINE_CART.items[i % FIVE_LINE_CART.items.length]) };
    const latency = {
      transaction: [] as number[],
      render: [] as number[],
      issue: [] as number[],
      replay: [] as number[],
      reprint: [] as number[],
      preview1: [] as number[],
      preview500: [] as number[],
    };
    let counterRow = 0;
    for (let r = 0; r < LATENCY_ROUNDS; r++) {
      for (let i = 0; i < LATENCY_PER_ROUND; i++) latency.transaction.push(await lockedTransaction(floorDb, ++counterRow));
      for (let i = 0; i < LATENCY_PER_ROUND; i++) latency.render.push(await floorRender(renderFloor.port));
      for (let i = 0; i < LATENCY_PER_ROUND; i++) {
        const res = await postJson(service.port, '/v1/invoices', { ...auth, ...issueKey() }, FIVE_LINE_CART);
        if (res.status !== 201 || res.body.replayed !== false || typeof res.body.pdfBase64 !== 'string')
          throw new Error(`issue answered ${res.status}`);
        latency.issue.push(res.ms);
      }
      for (let i = 0; i < LATENCY_PER_ROUND; i++) {
        const res = await postJson(service.port, '/v1/invoices', { ...auth, 'Idempotency-Key': 'bench-target' }, FIVE_LINE_CART);
        if (res.status !== 201 || res.body.replayed !== true || typeof res.body.pdfBase64 !== 'string')
          throw new Error(`replay answered ${res.status}`);
        latency.replay.push(res.ms);
      }
      for (let i = 0; i < LATENCY_PER_ROUND; i++) latency.reprint.push(await reprint(base, invoiceId, auth));
      for (let i = 0; i < PREVIEW_PER_ROUND; i++) {
        for (const [cart, into] of [
          [previewOneLine, latency.preview1],
          [preview500, latency.preview500],
        ] as const) {
          const res = await postJson(service.port, '/v1/invoices/preview', auth, cart);
          if (res.status !== 200 || typeof res.body.pdfBase64 !== 'string') throw new Error(`preview answered ${res.status}`);
          into.push(res.ms);
        }
      }
    }

    const hz = (name: keyof typeof reads) => perSecond(reads[name]);
    const floorPost = median(latency.transaction) + median(latency.render);
    const figures: Figure[] = [
      ratioAbove(`GET /v1/invoices/{id}, ${CONNECTIONS} concurrent`, hz('invoice'), hz('hello'), 'req/s', 'bare Koa', 0.25),
      ratioAbove(`GET /v1/clients (page of 50), ${CONNECTIONS} concurrent`, hz('clients'), hz('hello'), 'req/s', 'bare Koa', 0.2),
      ratioAbove(`GET /v1/health, ${CONNECTIONS} concurrent`, hz('health'), hz('hello'), 'req/s', 'bare Koa', undefined),
      {
        what: 'POST /v1/invoices (5 lines, with PDF), p50',
        service: `${round2(median(latency.issue))} ms`,
        floor: `transaction ${round2(median(latency.transaction))} ms + render ${round2(median(latency.render))} ms`,
        ratio: round3(median(latency.issue) / floorPost),
        goal: '<= 1.15',
        met: median(latency.issue) / floorPost <= 1.15,
      },
      ratioAbove(
        `POST /v1/invoices, ${CONNECTIONS} concurrent (with PDF)`,
        perSecond(issues),
        perSecond(renders),
        'invoices/s',
        'carbone, 1 LibreOffice per core',
        0.85,
      ),
      ratioAbove(
        `POST /v1/invoices to a client, ${CONNECTIONS} concurrent, delivery on (until every e-mail is written)`,
        perSecond(mailed),
        perSecond(unmailed),
        'invoices/s',
        'the same sales to no client (nothing sent)',
        0.8,
      ),
      ratioBelow(
        'GET /v1/invoices/{id}/pdf again (reprint), p50',
        median(latency.reprint),
        median(latency.render),
        'ms',
        'one render',
        0.1,
      ),
      ratioBelow("replay's pdfBase64 (same key and body), p50", median(latency.replay), median(latency.render), 'ms', 'one render', 0.1),
      ratioBelow(
        'preview of 500 lines (with PDF), p50',
        median(latency.preview500),
        median(latency.preview1),
        'ms',
        'preview of 1 line',
        10,
      ),
    ];
    const cpu = Object.fromEntries((Object.keys(reads) as Array<keyof typeof reads>).map((name) => [name, cpuPerRequest(name)]));
    report(figures, cpu, issueCpuPerUnit, { issueResults: issues, renderResults: renders, mailed, unmailed, latency });
  } finally {
    closeClient();
    await floorDb?.end();
    for (const child of children.reverse()) await child.stop();
    await db.drop();
    for (const dir of outboxes) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function ratioAbove(what: string, service: number, floor: number, unit: string, floorName: string, goal: number | undefined): Figure {
  const ratio = service / floor;
  return {
    what,
    service: `${Math.round(service * 10) / 10} ${unit}`,
    floor: `${floorName}: ${Math.round(floor * 10) / 10} ${unit}`,
    ratio: round3(ratio),
    goal: goal === undefined ? '(none)' : `>= ${goal}`,
    met: goal === undefined || ratio >= goal,
  };
}

function ratioBelow(what: string, service: number, floor: number, unit: string, floorName: string, goal: number): Figure {
  const ratio = service / floor;
  return {
    what,
    service: `${round2(service)} ${unit}`,
    floor: `${floorName}: ${round2(floor)} ${unit}`,
    ratio: round3(ratio),
    goal: `${goal >= 1 ? '<' : '<='} ${goal}`,
    met: goal >= 1 ? ratio < goal : ratio <= goal,
  };
}

/** The issuing transaction's floor: lock the counter row, insert one row, bump the counter, commit. */
async function lockedTransaction(conn: mysql.Connection, n: number): Promise<number> {
  const started = performance.now();
  await conn.query('BEGIN');
  await conn.query('SELECT n FROM bench_floor_counter WHERE id = 1 FOR UPDATE');
  await conn.query('INSERT INTO bench_floor_rows (counter, payload) VALUES (?, ?)', [n, `floor row ${n}`]);
  await conn.query('UPDATE bench_floor_counter SET n = n + 1 WHERE id = 1');
  await conn.query('COMMIT');
  return performance.now() - started;
}

async function floorRender(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/render`, { method: 'POST' });
  const pdf = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || pdf.subarray(0, 4).toString() !== '%PDF') throw new Error(`floor render answered ${res.status}`);
  return Number(res.headers.get('X-Render-Ms'));
}

async function reprint(base: string, id: number, auth: Record<string, string>): Promise<number> {
  const res = await getRaw(`${base}/v1/invoices/${id}/pdf`, auth);
  if (res.status !== 200 || res.body.subarray(0, 4).toString() !== '%PDF') throw new Error(`GET /pdf answered ${res.status}`);
  return res.ms;
}

function report(figures: Figure[], cpuMsPerRequest: Record<string, string>, cpuPerIssue: string, raw: object): void {
  console.log(`\nInvoicing service bench, ${BENCH_COMPANY} company: service and floors side by side, interleaved, in one run`);
  console.log(`${machineLine()} (a busy machine lowers both sides of a ratio)\n`);
  console.table(
    figures.map((f) => ({ what: f.what, service: f.service, floor: f.floor, ratio: f.ratio, goal: f.goal, met: f.met ? 'yes' : 'NO' })),
  );
  console.log(
    `CPU per request at ${CONNECTIONS} concurrent: the serving process, MariaDB, and the statements it ran:\n  ${Object.entries(
      cpuMsPerRequest,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join('\n  ')}`,
  );
  console.log(`CPU of each process at ${CONNECTIONS} concurrent issues, ${cpuPerIssue}`);
  console.log(
    [
      `Throughput: autocannon, ${CONNECTIONS} keep-alive connections, ${ROUNDS} slices of ${SLICE_SECONDS} s per read target (${ROUNDS - 1} of ${POST_SLICE_SECONDS} s for issues),`,
      'alternating targets; an issue counts only when it came with its PDF. Latency: one client, medians of',
      `${LATENCY_ROUNDS * LATENCY_PER_ROUND} samples taken in ${LATENCY_ROUNDS} interleaved rounds (previews: ${LATENCY_ROUNDS * PREVIEW_PER_ROUND}); the render floor is carbone's own time.`,
    ].join('\n'),
  );
  writeResults(RESULTS_FILE, { figures, cpuMsPerRequest, cpuPerIssue, raw });
}

runBench(main);
