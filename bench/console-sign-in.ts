import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RequestContext, type MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import { buildConsoleApp } from '../src/console/console-app';
import { hashPassword, verifyPassword } from '../src/domain/password-hash';
import { OperatorAccounts } from '../src/services/access';
import { summarize, time, type Summary } from './stats';

/** Sign-ins of each kind, each beside a floor measured just before it. */
const RUNS = 40;
const WARM_UP = 3;

export interface SignInFigure {
  name: string;
  service: Summary;
  floor: Summary;
  /** Median of the sign-in over the median of its floor. */
  ratio: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request on a fresh connection, as a browser's first visit, timed to the last byte. */
function request(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** GET /login as a new browser (its pre-session cookie and the form's token), then the timed POST /login. */
async function signIn(port: number, email: string, password: string): Promise<Answer> {
  const page = await request(port, 'GET', '/login', {});
  const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const csrf = /name="_csrf" value="([^"]*)"/.exec(page.body)?.[1];
  if (!csrf) throw new Error(`GET /login answered ${page.status} without a form token`);
  const form = new URLSearchParams({ _csrf: csrf, email, password }).toString();
  return request(port, 'POST', '/login', { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, form);
}

/**
 * The console's sign-in, `POST /login` over loopback HTTP through the whole console app (form,
 * CSRF check, throttling, password check, session, trail), beside its floor: one bare scrypt
 * verification of a hash made with the same parameters, the work a sign-in cannot avoid. Each
 * sign-in follows its own floor, so drift of a shared machine falls on both sides of the ratio.
 * Two kinds: the right password of an operator, and a password for an e-mail no operator has
 * (a new one each time: a failure, checked against a hash too, never throttled).
 */
export async function measureSignIn(container: Container, orm: MikroORM): Promise<SignInFigure[]> {
  // An operator of its own each run: a kept database still holds the last run's.
  const operator = `bench-admin-${Date.now()}@bench.hn`;
  const { password } = await RequestContext.create(orm.em, () =>
    container.get(OperatorAccounts).add({ kind: 'cli', osUser: 'bench' }, { email: operator, name: 'Bench', role: 'admin', companies: [] }),
  );
  const floorHash = await hashPassword(password);
  const server = http.createServer((await buildConsoleApp(container)).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    let unknown = 0;
    const kinds = [
      { name: 'sign-in, right password', expect: 303, run: () => signIn(port, operator, password) },
      { name: 'sign-in, unknown e-mail', expect: 401, run: () => signIn(port, `nobody-${++unknown}@bench.hn`, password) },
    ];
    const floor = () => time(() => verifyPassword(password, floorHash));
    const samples = kinds.map(() => ({ service: [] as number[], floor: [] as number[] }));
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      for (const [k, kind] of kinds.entries()) {
        const floorMs = await floor();
        const answer = await kind.run();
        if (answer.status !== kind.expect) throw new Error(`${kind.name}: POST /login answered ${answer.status}, expected ${kind.expect}`);
        if (i < WARM_UP) continue;
        samples[k].floor.push(floorMs);
        samples[k].service.push(answer.ms);
      }
    }
    return kinds.map((kind, k) => {
      const service = summarize(samples[k].service);
      const floorSummary = summarize(samples[k].floor);
      return { name: kind.name, service, floor: floorSummary, ratio: Math.round((service.medianMs / floorSummary.medianMs) * 100) / 100 };
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The figures as a table: medians and p95 of the sign-in and of its floor, and the ratio of the medians. */
export function printSignIn(figures: SignInFigure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`\n${'sign-in (POST /login)'.padEnd(width)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  floor p50  floor p95  ratio`);
  for (const { name, service, floor, ratio } of figures) {
    console.log(
      `${name.padEnd(width)}  ${service.medianMs.toFixed(1).padStart(8)}  ${service.p95Ms.toFixed(1).padStart(8)}  ${floor.medianMs
        .toFixed(1)
        .padStart(9)}  ${floor.p95Ms.toFixed(1).padStart(9)}  ${ratio.toFixed(2).padStart(5)}`,
    );
  }
  console.log('floor: one scrypt verification of a hash with the same parameters, in this process, just before each sign-in');
}
