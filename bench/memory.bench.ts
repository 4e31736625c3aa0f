import 'reflect-metadata';
import { FIVE_LINE_CART, prepareBenchDatabase } from './bench-company';
import { benchDatabase } from './bench-database';
import { BenchChild, startService, treeRssMiB } from './bench-processes';
import { load } from './load';
import { machineLine, runBench } from './bench-output';

/**
 * `npm run bench:memory`: resident memory of one service instance with its LibreOffice
 * processes after the first 1,000 issues (PDF included) at 16 concurrent clients, and after
 * 5,000. No growth means the second figure within 10 % of the first: caches bounded, nothing
 * kept per request. The service is the compiled one, default settings, rate limit off.
 */
const CONNECTIONS = 16;
const FIRST = 1000;
const TOTAL = 5000;
const GOAL = 0.1;
const SETTLE_MS = 3000;

async function main(): Promise<void> {
  const db = benchDatabase();
  let service: BenchChild | undefined;
  const stop = () => service?.stop();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void Promise.resolve(stop()).finally(() => process.exit(1)));
  try {
    const auth = await prepareBenchDatabase(db.url);
    service = await startService({ DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '0', FINAL_CONSUMER_ID_THRESHOLD: '0' });
    const pid = service.child.pid!;
    const started = treeRssMiB(pid);
    let key = 0;
    let pdfBytes = 0;
    const issue = (amount: number) =>
      load({
        url: `http://127.0.0.1:${service!.port}/v1/invoices`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(FIVE_LINE_CART),
        perRequestHeaders: () => ({ 'Idempotency-Key': `memory-${++key}` }),
        check: (status, body) => {
          const pdf = /"pdfBase64":"([^"]+)"/.exec(body);
          if (pdf) pdfBytes += (pdf[1].length * 3) / 4;
          return status === 201 && pdf !== null;
        },
        connections: CONNECTIONS,
        amount,
      });
    const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

    const first = await issue(FIRST);
    await settle();
    const afterFirst = treeRssMiB(pid);
    const rest = await issue(TOTAL - FIRST);
    await settle();
    const afterAll = treeRssMiB(pid);

    const growth = (afterAll.rssMiB - afterFirst.rssMiB) / afterFirst.rssMiB;
    console.log(`\nService memory, ${TOTAL} issues (5 lines, with PDF) at ${CONNECTIONS} concurrent clients`);
    console.log(`${machineLine()}\n`);
    console.table([
      { when: 'started (LibreOffice warm)', 'RSS MiB': started.rssMiB, 'issued with PDF': 0, 'per process MiB': started.byProcess },
      {
        when: `after ${FIRST} issues`,
        'RSS MiB': afterFirst.rssMiB,
        'issued with PDF': first.good,
        'per process MiB': afterFirst.byProcess,
      },
      {
        when: `after ${TOTAL} issues`,
        'RSS MiB': afterAll.rssMiB,
        'issued with PDF': first.good + rest.good,
        'per process MiB': afterAll.byProcess,
      },
    ]);
    console.log(
      `growth from ${FIRST} to ${TOTAL} issues: ${(growth * 100).toFixed(1)} % (goal: within ${GOAL * 100} %) -> ${Math.abs(growth) <= GOAL ? 'met' : 'NOT met'}`,
    );
    console.log(
      `mean PDF ${Math.round(pdfBytes / Math.max(1, first.good + rest.good) / 1024)} kB; the PDF cache holds at most PDF_CACHE_MAX_MB (default 32 MB) of them`,
    );
    console.log('RSS: VmRSS of the node process and every descendant (LibreOffice, its python helper), summed.');
  } finally {
    await stop();
    await db.drop();
  }
}

runBench(main);
