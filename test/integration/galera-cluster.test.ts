import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { classifyDatabaseError } from '../../src/db/database-failure';
import { RETRY_LOG_MESSAGE } from '../../src/services/documents';
import { ensureFreshBuild } from '../support/fresh-build';
import { GaleraCluster, galeraInstalled } from '../support/galera-cluster';
import { CART, caiOf, issuedState, setupWithRanges } from '../support/issuing-fixtures';
import { inBatches, JsonResponse, requestJson, ServiceProcess, startServiceProcess, stopForGood } from '../support/service-process';
import { setUpCompany } from '../support/setup-fixtures';
import { closeContainer } from '../../src/container';
import { createTestApp, TestApp } from '../support/test-app';

const NODES = [1, 2, 3];
const DISTINCT_KEYS = 300;
/** Jobs in flight at once; a job is one key's request, or its two twin requests sent together. */
const JOBS_IN_FLIGHT = 12;
/** The node SIGKILLed once this many jobs have finished, and restarted a few seconds later. */
const KILLED_NODE = 2;
const KILL_AFTER_JOBS = 80;
const DOWN_FOR_MS = 3_000;
/** A client gives up on a key after this many 5xx/network failures (it never should). */
const CLIENT_ATTEMPTS = 40;
const FIRST = { cai: caiOf('G'), rangeStart: 1, rangeEnd: 120, deadline: '2099-12-31' };
const SECOND = { cai: caiOf('H'), rangeStart: 5000, rangeEnd: 9000, deadline: '2099-12-31' };
const NO_LIBREOFFICE = '/nonexistent/soffice';

interface Attempt {
  key: string;
  instance: number;
  status: number | 'network-error';
  ms: number;
  at: number;
  retryAfter?: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `probe` resolves true, polling every 250 ms. */
async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await pause(250);
  }
}

async function nodeStatus(conn: mysql.Connection, name: string): Promise<string | undefined> {
  const [rows] = await conn.query('SHOW GLOBAL STATUS LIKE ?', [name]);
  return (rows as { Value: string }[])[0]?.Value;
}

/**
 * The service on a 3-node MariaDB Galera cluster (multi-primary: every node takes writes, row
 * locks are local to a node, and conflicting commits are decided by certification at COMMIT).
 * Three compiled services, one per node, start at the same moment on an empty database; then
 * several hundred issues run with a third of the keys sent twice at once to two instances, while
 * one node is SIGKILLed and rejoins by IST. The client retries 5xx with the same key, as the API
 * tells every client to. Runs wherever the Galera packages are installed, and always in CI.
 */
const describeCluster = galeraInstalled() || process.env.CI === 'true' ? describe : describe.skip;

describeCluster('the service on a 3-node Galera cluster', () => {
  const cluster = new GaleraCluster();
  const database = `invoicing_test_galera_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  let services: ServiceProcess[] = [];
  let t: TestApp;
  let company: { auth: { Authorization: string }; code: string };
  const urlOf = (node: number) => `${cluster.serverUrl(node)}/${database}`;

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    await cluster.start();
    // The same moment, an empty database, one instance per node: the cluster decides which one
    // migrates; the others wait and find nothing left to apply.
    services = await Promise.all(
      NODES.map((node) =>
        startServiceProcess(
          script,
          { DATABASE_URL: urlOf(node), PORT: '0', LOG_LEVEL: 'info', SOFFICE_PATH: NO_LIBREOFFICE },
          (child) => children.push(child),
          120_000,
        ),
      ),
    );
    t = await createTestApp({ serverUrl: cluster.serverUrl(1), databaseName: database });
    company = await setUpCompany(t, setupWithRanges([FIRST, SECOND]));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    if (t) await closeContainer(t.container);
    await t?.orm.close(true);
    await cluster.destroy();
  }, 120_000);

  it('starts every instance at once on an empty database: one migrates, none exits', () => {
    const logLines = services.map((s) =>
      s
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; migrations?: string[] }),
    );
    const migrated = logLines.filter((lines) => lines.some((l) => l.msg === 'applied database migrations'));
    expect(migrated).toHaveLength(1);
    for (const s of services) expect(s.child.exitCode).toBeNull();
  });

  it('reads causally on a Galera node: every pooled connection has wsrep_sync_wait set', async () => {
    const orm = await MikroORM.init(mikroOrmOptions(loadConfig({ DATABASE_URL: urlOf(3) })));
    try {
      const [row] = await orm.em.getConnection().execute<{ wait: number }[]>('SELECT @@SESSION.wsrep_sync_wait AS wait');
      expect(Number(row.wait)).toBe(1);
    } finally {
      await orm.close(true);
    }
  });

  it('calls a certification failure thrown by COMMIT a conflict, though MikroORM passes it on as a plain error', async () => {
    const other = await mysql.createConnection(urlOf(1));
    const orm = await MikroORM.init(mikroOrmOptions(loadConfig({ DATABASE_URL: urlOf(2) })));
    try {
      await other.query('CREATE TABLE IF NOT EXISTS probe (id INT PRIMARY KEY, v INT NOT NULL)');
      await other.query('INSERT INTO probe VALUES (1, 0)');
      await until(async () => (await orm.em.getConnection().execute('SELECT id FROM probe')).length === 1, 10_000, 'replicated');
      let failure: unknown;
      let failedStatement = 'none';
      try {
        await orm.em.fork().transactional(async (em) => {
          await em.execute('UPDATE probe SET v = v + 1 WHERE id = 1');
          failedStatement = 'COMMIT';
          // Committed on node 1 while this transaction is open on node 2: same row, so certification
          // fails this one when it commits.
          await other.query('UPDATE probe SET v = v + 10 WHERE id = 1');
        });
      } catch (err) {
        failure = err;
      }
      expect(failedStatement).toBe('COMMIT');
      expect(failure).toMatchObject({ errno: 1213, sqlState: '40001' });
      expect(classifyDatabaseError(failure)).toBe('conflict');
    } finally {
      await other.query('DROP TABLE IF EXISTS probe');
      await other.end();
      await orm.close(true);
    }
  });

  it('calls 1047 from a node outside the primary component node-not-ready; its instance answers 503 with Retry-After, never 500, and is not ready', async () => {
    const node3 = await mysql.createConnection(urlOf(3));
    const port = services[2].port;
    try {
      await node3.query("SET GLOBAL wsrep_provider_options = 'gmcast.isolate=1'");
      await until(async () => (await nodeStatus(node3, 'wsrep_ready')) === 'OFF', 30_000, 'node 3 isolated');
      const raw = await node3.query('SELECT COUNT(*) FROM invoices').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(raw).toMatchObject({ errno: 1047 });
      expect(classifyDatabaseError(raw)).toBe('node-not-ready');

      const ready = await requestJson(port, 'GET', '/v1/ready', {});
      expect({ status: ready.status, body: ready.body }).toEqual({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      expect(ready.headers?.['retry-after']).toMatch(/^[1-9]\d*$/);
      const issue = await requestJson(port, 'POST', '/v1/invoices', { ...company.auth, 'Idempotency-Key': 'isolated-node' }, CART);
      expect({ status: issue.status, body: issue.body }).toEqual({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      expect(issue.headers?.['retry-after']).toMatch(/^[1-9]\d*$/);
      const read = await requestJson(port, 'GET', '/v1/clients', company.auth);
      expect(read.status).toBe(503);
      await requestJson(port, 'GET', '/v1/health', {}).then((health) => expect(health.status).toBe(200));
    } finally {
      await node3.query("SET GLOBAL wsrep_provider_options = 'gmcast.isolate=0'");
      await until(
        async () =>
          (await nodeStatus(node3, 'wsrep_local_state_comment')) === 'Synced' && (await nodeStatus(node3, 'wsrep_ready')) === 'ON',
        60_000,
        'node 3 rejoined',
      );
      await node3.end();
    }
    await until(async () => (await requestJson(port, 'GET', '/v1/ready', {})).status === 200, 30_000, 'instance 3 ready');
    expect((await requestJson(port, 'GET', '/v1/ready', {})).body).toEqual({
      status: 'ready',
      details: { database: 'available', galeraState: 'Synced' },
    });
  }, 120_000);

  it('issues gapless numbers and one invoice per key on every node, with zero 500s, while a node is killed and rejoins', async () => {
    const ports = services.map((s) => s.port);
    const attempts: Attempt[] = [];
    const reads: { key: string; via: number; res: JsonResponse }[] = [];
    const keys = Array.from({ length: DISTINCT_KEYS }, (_, i) => `gal-${String(i).padStart(3, '0')}`);
    const twinned = new Set(keys.filter((_, i) => i % 3 === 0));
    /** The outage: from the kill until the node is Synced again and its instance answers ready. */
    let down: { from: number; to: number; syncedAt?: number } | undefined;
    let notReadyWhileDown: JsonResponse | undefined;

    /** One client request, retried on 5xx and network errors with the same key, as a client must. */
    const send = async (key: string, instance: number): Promise<JsonResponse> => {
      for (let n = 1; ; n++) {
        const started = Date.now();
        let res: JsonResponse | undefined;
        try {
          res = await requestJson(
            ports[instance],
            'POST',
            '/v1/invoices',
            { ...company.auth, 'Idempotency-Key': key },
            { ...CART, purchaseOrderNumber: key },
            60_000,
          );
        } catch {
          res = undefined;
        }
        const retryAfter = res?.headers?.['retry-after'];
        attempts.push({ key, instance, status: res?.status ?? 'network-error', ms: Date.now() - started, at: started, retryAfter });
        if (res && res.status < 500) return res;
        if (n >= CLIENT_ATTEMPTS) throw new Error(`${key} on instance ${instance + 1}: still failing after ${n} attempts`);
        // Backoff: the Retry-After of a 503, else half a second.
        await pause(Math.max(Number(retryAfter ?? 0) * 1000, 500));
      }
    };
    /** A 201 must be readable at once through another instance (causal reads across nodes). */
    const readElsewhere = async (key: string, instance: number, created: JsonResponse) => {
      const others = [1, 2].map((d) => (instance + d) % ports.length);
      for (const via of others) {
        const res = await requestJson(ports[via], 'GET', `/v1/invoices/${created.body.id}`, company.auth);
        if (res.status === 503) continue; // that instance's node is the one down: try the third
        reads.push({ key, via, res: { status: res.status, body: res.body } });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 200,
          body: { ...created.body, replayed: false, pdfBase64: null },
        });
        return;
      }
      throw new Error(`no other instance could read ${key}`);
    };

    let turn = 0;
    const nextInstance = () => turn++ % ports.length;
    let finished = 0;
    let killer: Promise<void> | undefined;
    const jobs = keys.map((key) => {
      const targets = twinned.has(key) ? [nextInstance(), nextInstance()] : [nextInstance()];
      return async () => {
        const results = await Promise.all(targets.map((instance) => send(key, instance).then((res) => ({ instance, res }))));
        for (const { instance, res } of results)
          if (res.status === 201 && res.body.replayed === false) await readElsewhere(key, instance, res);
        finished += 1;
        if (finished === KILL_AFTER_JOBS) {
          killer = (async () => {
            down = { from: Date.now(), to: Number.POSITIVE_INFINITY };
            await cluster.killNode(KILLED_NODE);
            await pause(DOWN_FOR_MS);
            notReadyWhileDown = await requestJson(ports[KILLED_NODE - 1], 'GET', '/v1/ready', {});
            await cluster.startNode(KILLED_NODE); // resolves once the node is Synced
            down.syncedAt = Date.now();
            // Its instance's pool still holds connections to the dead node: until they are replaced
            // the instance may answer 503, which is still the outage, not a healthy cluster.
            await until(
              async () => (await requestJson(ports[KILLED_NODE - 1], 'GET', '/v1/ready', {})).status === 200,
              60_000,
              "killed node's instance ready",
            );
            down.to = Date.now();
          })();
        }
        return results.map(({ instance, res }) => ({ key, instance, res }));
      };
    });
    const started = Date.now();
    const sent = (await inBatches(jobs, JOBS_IN_FLIGHT)).flat();
    await killer;
    const elapsedMs = Date.now() - started;

    // Retries inside the services, from their logs.
    const serviceRetries = services.map((s) =>
      s
        .output()
        .split('\n')
        .filter((l) => l.includes(RETRY_LOG_MESSAGE))
        .map((l) => (JSON.parse(l) as { failure: string }).failure),
    );
    const statuses = attempts.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    const longest = attempts.reduce((max, a) => (a.ms > max.ms ? a : max), attempts[0]);
    const figures = {
      keys: DISTINCT_KEYS,
      requests: sent.length,
      attempts: attempts.length,
      statuses,
      status503ByInstance: [0, 1, 2].map((i) => attempts.filter((a) => a.status === 503 && a.instance === i).length),
      serviceRetries: serviceRetries.map((r) => r.length),
      serviceRetriesByFailure: serviceRetries.flat().reduce<Record<string, number>>((acc, f) => ({ ...acc, [f]: (acc[f] ?? 0) + 1 }), {}),
      longestRequestMs: longest.ms,
      longestRequest: { instance: longest.instance + 1, status: longest.status, fromKillMs: longest.at - (down?.from ?? 0) },
      // Requests over 2.5 s (mostly conflicts retried inside the service), in ms from the kill.
      slowRequests: attempts.filter((a) => a.ms > 2_500).map((a) => `i${a.instance + 1}:${a.at - (down?.from ?? 0)}+${a.ms}:${a.status}`),
      nodeDownMs: down ? down.to - down.from : null,
      // When each 503 started and ended, in ms from the kill (negative: before it); and when the
      // node was Synced again and its instance ready.
      syncedAfterKillMs: down?.syncedAt !== undefined ? down.syncedAt - down.from : null,
      status503Windows: attempts
        .filter((a) => a.status === 503)
        .map((a) => `i${a.instance + 1}:${a.at - (down?.from ?? 0)}..${a.at + a.ms - (down?.from ?? 0)}:RA${a.retryAfter}`),
      runMs: elapsedMs,
      // What the services logged as unexpected (a 500), for the failure message.
      unexpected: services.flatMap((s) =>
        s
          .output()
          .split('\n')
          .filter((l) => l.includes('"unexpected error"'))
          .map((l) => {
            const e = (JSON.parse(l) as { err?: { message?: string; errno?: number; code?: string; stack?: string } }).err;
            return `${e?.errno ?? ''} ${e?.code ?? ''} ${e?.message ?? ''} ${(e?.stack ?? '').split('\n').slice(1, 4).join(' | ')}`;
          }),
      ),
    };
    // The figures the issue asks for, in the test output.
    console.log(`galera cluster run: ${JSON.stringify(figures)}`);

    // Zero 500s. 503s only during the outage, from the kill until the node is Synced again and its
    // instance ready: mostly the killed node's own instance (its database refuses connections),
    // and at worst an issue elsewhere that kept losing races during the cluster's
    // reconfiguration. After that, conflicts are absorbed by the service's own retries. No
    // network errors: every instance kept answering.
    expect(attempts.filter((a) => a.status === 500 || a.status === 'network-error')).toEqual([]);
    expect(down).toBeDefined();
    // (A request in flight when the node died counts: it overlaps the window.)
    const outsideDown = attempts.filter((a) => a.status === 503 && !(a.at + a.ms >= down!.from && a.at <= down!.to + 2_000));
    expect(outsideDown).toEqual([]);
    expect(attempts.filter((a) => a.status === 503 && !/^[1-9]\d*$/.test(a.retryAfter ?? ''))).toEqual([]);
    expect(notReadyWhileDown?.status).toBe(503);
    // The restarted node caught up by IST (the missing transactions only), not a full copy.
    const restartLog = cluster.log(KILLED_NODE).split('WSREP: Recovered position').pop() ?? '';
    expect(restartLog).toMatch(/IST received/);

    // Every request ended in a 201; twins name one invoice, exactly one of them issued it.
    expect(sent).toHaveLength(DISTINCT_KEYS + twinned.size);
    expect(sent.filter((s) => s.res.status !== 201).map((s) => `${s.key}: ${s.res.status} ${JSON.stringify(s.res.body)}`)).toEqual([]);
    for (const key of twinned) {
      const pair = sent.filter((s) => s.key === key);
      expect(pair[0].instance).not.toBe(pair[1].instance);
      expect(pair[1].res.body.id).toBe(pair[0].res.body.id);
      expect(pair.filter((s) => s.res.body.replayed === false).length).toBeLessThanOrEqual(1);
    }
    expect(reads.length).toBeGreaterThan(0);

    // On every node: numbers per range contiguous from its start, one invoice per key, the same rows.
    const used = FIRST.rangeEnd - FIRST.rangeStart + 1;
    const states = [];
    for (const node of NODES) {
      const orm = await MikroORM.init(mikroOrmOptions(loadConfig({ DATABASE_URL: urlOf(node) })));
      try {
        const db = await issuedState(orm, company.code);
        const numbersOf = (cai: string) =>
          db.invoices
            .filter((i) => i.cai === cai)
            .map((i) => i.invoiceNumber)
            .sort((a, b) => a - b);
        expect(numbersOf(FIRST.cai)).toEqual(Array.from({ length: used }, (_, i) => FIRST.rangeStart + i));
        expect(numbersOf(SECOND.cai)).toEqual(Array.from({ length: DISTINCT_KEYS - used }, (_, i) => SECOND.rangeStart + i));
        expect(db.invoices.map((i) => i.purchaseOrderNumber).sort()).toEqual(keys);
        const invoiceOfKey = new Map(db.invoices.map((i) => [i.purchaseOrderNumber, i.id]));
        expect(db.records.map((r) => [r.idempotencyKey, r.documentId]).sort()).toEqual(keys.map((k) => [k, invoiceOfKey.get(k)]));
        for (const s of sent) expect(s.res.body.id).toBe(invoiceOfKey.get(s.key));
        states.push(db.invoices.map((i) => [i.id, i.cai, i.invoiceNumber, i.purchaseOrderNumber]));
      } finally {
        await orm.close(true);
      }
    }
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
  }, 600_000);
});
