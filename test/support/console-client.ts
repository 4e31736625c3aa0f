import type Koa from 'koa';
import supertest from 'supertest';
import { buildConsoleApp } from '../../src/console/console-app';
import type { OperatorRole } from '../../src/domain/operator-role';
import { CompanyDirectory } from '../../src/services/company';
import { OperatorAccounts } from '../../src/services/access';
import { inContext } from './factories';
import { createTestApp, TestApp, TestAppOptions } from './test-app';

/** The console over the same container, database and logs as a TestApp, with a clock the test moves. */
export interface ConsoleTest {
  t: TestApp;
  app: Koa<any>;
  /** The instant every console request sees; move it with `advance`. */
  now: Date;
  advance(ms: number): void;
  client(): ConsoleClient;
  /** Adds an operator through the service `admin operator add` uses; returns its password. */
  addOperator(email: string, role: OperatorRole, companies?: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function createConsoleTest(options: TestAppOptions = {}): Promise<ConsoleTest> {
  const t = await createTestApp({ ...options, contract: false });
  const clock = { now: new Date() };
  const app = await buildConsoleApp(t.container, { clock: () => clock.now });
  return {
    t,
    app,
    get now() {
      return clock.now;
    },
    advance(ms) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    client: () => new ConsoleClient(app),
    addOperator: (email, role, companies = []) =>
      inContext(t.orm, async () => {
        const refs = await Promise.all(companies.map((code) => t.container.get(CompanyDirectory).byCode(code)));
        const { password } = await t.container
          .get(OperatorAccounts)
          .add({ kind: 'cli', osUser: 'test' }, { email, name: `Operador ${email}`, role, companies: refs });
        return password;
      }),
    close: () => t.close(),
  };
}

/** The value of the first `name="_csrf"` field of a page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]*)"/.exec(html);
  if (!match) throw new Error(`no _csrf field in the page:\n${html.slice(0, 500)}`);
  return match[1];
}

/**
 * A browser's part, over supertest: a cookie jar (every Set-Cookie kept as sent, Secure or not,
 * as a browser behind a TLS proxy would) and the `_csrf` of the last page it read.
 */
export class ConsoleClient {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, as sent, for checks on their attributes. */
  readonly setCookies: string[] = [];
  csrf = '';

  constructor(private readonly app: Koa<any>) {}

  private remember(res: supertest.Response): supertest.Response {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const header of set ?? []) {
      this.setCookies.push(header);
      const [pair] = header.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/Max-Age=0/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (/name="_csrf"/.test(res.text ?? '')) this.csrf = csrfOf(res.text);
    return res;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }

  async get(path: string): Promise<supertest.Response> {
    const req = supertest(this.app.callback()).get(path);
    if (this.cookies.size) req.set('Cookie', this.cookieHeader());
    return this.remember(await req);
  }

  /** POSTs a form; `_csrf` is the last page's unless the fields name one (null: none sent). */
  async post(path: string, fields: Record<string, string> = {}, csrf: string | null = this.csrf): Promise<supertest.Response> {
    const req = supertest(this.app.callback()).post(path).type('form');
    if (this.cookies.size) req.set('Cookie', this.cookieHeader());
    return this.remember(await req.send(csrf === null ? fields : { _csrf: csrf, ...fields }));
  }

  /**
   * POSTs a multipart form with files, as a browser's file upload; `_csrf` as in post() (null:
   * none sent).
   */
  async upload(
    path: string,
    files: Record<string, { name: string; data: Buffer }>,
    fields: Record<string, string> = {},
    csrf: string | null = this.csrf,
  ): Promise<supertest.Response> {
    const req = supertest(this.app.callback()).post(path);
    if (this.cookies.size) req.set('Cookie', this.cookieHeader());
    for (const [name, value] of Object.entries(csrf === null ? fields : { _csrf: csrf, ...fields })) req.field(name, value);
    for (const [name, file] of Object.entries(files)) req.attach(name, file.data, file.name);
    return this.remember(await req);
  }

  /** A GET whose body is bytes (a PDF, an ODT), with the client's session. */
  download(path: string): supertest.Test {
    const req = supertest(this.app.callback()).get(path);
    if (this.cookies.size) req.set('Cookie', this.cookieHeader());
    return req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  }

  /** GET /login then POST it; the answer to the POST. */
  async signIn(email: string, password: string, next?: string): Promise<supertest.Response> {
    await this.get('/login');
    return this.post('/login', { email, password, ...(next ? { next } : {}) });
  }
}
