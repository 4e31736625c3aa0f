import type { ChildProcess } from 'node:child_process';
import { ensureFreshBuild } from '../support/fresh-build';
import { CART, caiOf, issuedState, setupWithRanges } from '../support/issuing-fixtures';
import { inBatches, JsonResponse, requestJson, ServiceProcess, startServiceProcess, stopForGood } from '../support/service-process';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const PROCESSES = 3;
const DISTINCT_KEYS = 100;
/** Jobs in flight at once; a job is one request, or a key's two twin requests sent together. */
const JOBS_IN_FLIGHT = 7;
const FIRST = { cai: caiOf('P'), rangeStart: 1, rangeEnd: 60, deadline: '2099-12-31' };
const SECOND = { cai: caiOf('Q'), rangeStart: 1000, rangeEnd: 2000, deadline: '2099-12-31' };
/**
 * The processes run without LibreOffice (pdfBase64 null, as decision 17 allows): PDFs are
 * rendered after the commit and are tested elsewhere, and three LibreOffice instances on two
 * cores would only slow the race down, not change it.
 */
const NO_LIBREOFFICE = '/nonexistent/soffice';

interface Sent {
  key: string;
  port: number;
  res: JsonResponse;
}

/**
 * Decision 12: numbers are gapless and never duplicated with any number of service
 * instances on one database; decision 14: one invoice per key across instances. Three
 * compiled services (`node dist/src/main.js`, as `npm start` runs it) share one database; the
 * only thing they share is MariaDB, so its locks and unique indexes must do all the work.
 */
describe('several service processes on one database', () => {
  let t: TestApp;
  let company: { auth: { Authorization: string }; code: string };
  const children: ChildProcess[] = [];
  let services: ServiceProcess[] = [];

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    t = await createTestApp();
    // The first range runs out part-way, so the switch to the next one happens under the race.
    company = await setUpCompany(t, setupWithRanges([FIRST, SECOND]));
    services = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        startServiceProcess(
          script,
          { DATABASE_URL: t.config.databaseUrl, PORT: '0', LOG_LEVEL: 'info', SOFFICE_PATH: NO_LIBREOFFICE },
          (child) => children.push(child),
        ),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    await t?.close();
  }, 60_000);

  it('issues gapless, unique numbers and one invoice per key, whichever process gets each request', async () => {
    const ports = services.map((s) => s.port);
    expect(new Set(ports).size).toBe(PROCESSES);
    const keys = Array.from({ length: DISTINCT_KEYS }, (_, i) => `mp-${String(i).padStart(3, '0')}`);
    const twinned = new Set(keys.filter((_, i) => i % 3 === 0));
    let turn = 0;
    const nextPort = () => ports[turn++ % PROCESSES];
    const send = async (key: string, port: number): Promise<Sent> => ({
      key,
      port,
      res: await requestJson(
        port,
        'POST',
        '/v1/invoices',
        { ...company.auth, 'Idempotency-Key': key },
        { ...CART, purchaseOrderNumber: key },
      ),
    });
    // Round robin over the processes; a twinned key goes to two different processes at once.
    const jobs = keys.map((key) => {
      const targets = twinned.has(key) ? [nextPort(), nextPort()] : [nextPort()];
      return () => Promise.all(targets.map((port) => send(key, port)));
    });
    const sent = (await inBatches(jobs, JOBS_IN_FLIGHT)).flat();

    expect(sent).toHaveLength(DISTINCT_KEYS + twinned.size);
    const failures = sent
      .filter((s) => s.res.status !== 201)
      .map((s) => `${s.key} on ${s.port}: ${s.res.status} ${JSON.stringify(s.res.body)}`);
    expect(failures).toEqual([]);

    // Twins: one id, and exactly one of the two issued it (the other replayed it, or raced and lost).
    for (const key of twinned) {
      const pair = sent.filter((s) => s.key === key);
      expect(pair[0].port).not.toBe(pair[1].port);
      expect(pair[1].res.body.id).toBe(pair[0].res.body.id);
      expect(pair.map((s) => s.res.body.replayed).sort()).toEqual([false, true]);
    }
    for (const s of sent.filter((x) => !twinned.has(x.key))) expect(s.res.body.replayed).toBe(false);

    // Over the database: numbers per range contiguous from its start, one invoice per key.
    const db = await issuedState(t.orm, company.code);
    const numbersOf = (cai: string) =>
      db.invoices
        .filter((i) => i.cai === cai)
        .map((i) => i.invoiceNumber)
        .sort((a, b) => a - b);
    const used = FIRST.rangeEnd - FIRST.rangeStart + 1;
    expect(numbersOf(FIRST.cai)).toEqual(Array.from({ length: used }, (_, i) => FIRST.rangeStart + i));
    expect(numbersOf(SECOND.cai)).toEqual(Array.from({ length: DISTINCT_KEYS - used }, (_, i) => SECOND.rangeStart + i));
    expect(db.invoices.map((i) => i.purchaseOrderNumber).sort()).toEqual(keys);
    expect(db.ranges.map((r) => r.nextNumber)).toEqual([FIRST.rangeEnd + 1, SECOND.rangeStart + DISTINCT_KEYS - used]);
    const invoiceOfKey = new Map(db.invoices.map((i) => [i.purchaseOrderNumber, i.id]));
    expect(db.records.map((r) => [r.idempotencyKey, r.documentId]).sort()).toEqual(keys.map((k) => [k, invoiceOfKey.get(k)]));
    for (const s of sent) expect(s.res.body.id).toBe(invoiceOfKey.get(s.key));

    // Every 201 reads back the same from another process.
    const issued = sent.filter((s) => s.res.body.replayed === false);
    const reads = await inBatches(
      issued.map(
        (s, i) => () =>
          requestJson(ports[(ports.indexOf(s.port) + 1 + (i % 2)) % PROCESSES], 'GET', `/v1/invoices/${s.res.body.id}`, company.auth),
      ),
      10,
    );
    reads.forEach((read, i) =>
      expect({ status: read.status, body: read.body }).toEqual({
        status: 200,
        body: { ...issued[i].res.body, replayed: false, pdfBase64: null },
      }),
    );

    // Each process drains and exits 0 on SIGTERM.
    for (const s of services) s.child.kill('SIGTERM');
    const endings = await Promise.all(services.map((s) => s.exited));
    expect(endings).toEqual(services.map(() => [0, null]));
  }, 90_000);
});
