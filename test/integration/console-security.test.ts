import { gzipSync } from 'node:zlib';
import supertest, { type Response } from 'supertest';
import { SESSION_IDLE_MS, SESSION_MAX_MS, SIGN_IN_LOCK_MS } from '../../src/domain/console-session-rules';
import { MAX_ACTIVE_KEYS } from '../../src/services/access';
import { createConsoleTest, ConsoleClient, ConsoleTest } from '../support/console-client';
import { sellingCompany } from '../support/factories';
import { runAdmin } from '../support/run-admin';
import { setUpCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { copyTemplatesDir } from '../support/template-files';

const MINUTE = 60_000;
const HOSTILE = '<script>alert(1)</script>';

/** The session cookie's value set by an answer, if any. */
function sessionCookieOf(res: Response): string | undefined {
  const set = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return set
    .find((h) => h.startsWith('console_session=') && !/Max-Age=0/.test(h))
    ?.split(';')[0]
    .slice('console_session='.length);
}

/** The text the error box of a page shows (what the operator reads), without tokens or echoed input. */
function refusalText(res: Response): string {
  return /<div class="error" role="alert">(.*?)<\/div>/s.exec(res.text)?.[1] ?? '';
}

/**
 * The console's defences over HTTP, against the real app and database: headers, cookies, sessions
 * and their expiry, CSRF on every POST, throttled sign-in, reach by role and company, escaping,
 * and an issued key that is shown once.
 */
describe('console security', () => {
  let c: ConsoleTest;
  let own: string;
  let other: string;
  let adminPassword: string;
  let accountantPassword: string;

  beforeAll(async () => {
    c = await createConsoleTest();
    own = (await setUpCompany(c.t, sellingCompany({ company: { name: HOSTILE } }))).code;
    other = (await setUpCompany(c.t)).code;
    adminPassword = await c.addOperator('admin@example.hn', 'admin');
    accountantPassword = await c.addOperator('conta@example.hn', 'accountant', [own]);
  }, 120_000);
  afterAll(() => c.close());

  async function signedIn(email = 'admin@example.hn', password = adminPassword): Promise<ConsoleClient> {
    const browser = c.client();
    const res = await browser.signIn(email, password);
    expect(res.status).toBe(303);
    // As a browser follows the redirect: the page it lands on carries the session's token.
    await browser.get(res.headers.location);
    return browser;
  }

  it('sends the CSP, nosniff, Referrer-Policy and no framing on every answer', async () => {
    const anonymous = c.client();
    const browser = await signedIn();
    for (const res of [
      await anonymous.get('/login'),
      await anonymous.get('/'),
      await anonymous.get('/assets/console.css'),
      await browser.get('/'),
      await browser.get('/no/such/page'),
      await browser.post('/logout', {}, 'wrong'),
    ]) {
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('sends every page but /login to /login with 303, naming the page asked for', async () => {
    const anonymous = c.client();
    expect((await anonymous.get('/login')).status).toBe(200);
    for (const path of ['/', `/companies/${own}`, `/companies/${own}/keys`, '/activity', '/nothing']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/login(\?next=.*)?$/);
    }
    expect((await anonymous.get(`/companies/${own}?x=1`)).headers.location).toBe(
      `/login?next=${encodeURIComponent(`/companies/${own}?x=1`)}`,
    );
    // After sign-in it goes where it was asked to, and nowhere outside the console.
    const browser = c.client();
    expect((await browser.signIn('admin@example.hn', adminPassword, `/companies/${own}`)).headers.location).toBe(`/companies/${own}`);
    expect((await c.client().signIn('admin@example.hn', adminPassword, '//evil.example/')).headers.location).toBe('/');
  });

  it('sets the session cookie HttpOnly, SameSite=Strict and Secure, with a new id of 256 bits at every sign-in', async () => {
    const browser = c.client();
    const first = await browser.signIn('admin@example.hn', adminPassword);
    const header = browser.setCookies.find((h) => h.startsWith('console_session='))!;
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Secure/);
    const firstId = sessionCookieOf(first)!;
    expect(Buffer.from(firstId, 'base64url')).toHaveLength(32);
    // Signing in again from the same browser gives a new id; the old one opens nothing.
    const oldCookie = `console_session=${firstId}`;
    await browser.get('/login');
    const second = await browser.post('/login', { email: 'admin@example.hn', password: adminPassword });
    const secondId = sessionCookieOf(second)!;
    expect(secondId).not.toBe(firstId);
    const replay = new ConsoleClient(c.app);
    replay.cookies.set('console_session', firstId);
    expect((await replay.get('/')).status).toBe(303);
    expect(oldCookie).toContain(firstId);
    expect((await browser.get('/')).status).toBe(200);
  });

  it('drops Secure with CONSOLE_SECURE_COOKIE=false, and only then', async () => {
    const plain = await createConsoleTest({ env: { CONSOLE_SECURE_COOKIE: 'false' } });
    try {
      const password = await plain.addOperator('plain@example.hn', 'admin');
      const browser = plain.client();
      await browser.signIn('plain@example.hn', password);
      for (const header of browser.setCookies) {
        expect(header).toMatch(/HttpOnly; SameSite=Strict/);
        expect(header).not.toMatch(/Secure/);
      }
      expect(browser.setCookies.some((h) => h.startsWith('console_session='))).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('refuses every POST without the _csrf token, or with a wrong one, with 403 and changes nothing', async () => {
    const browser = await signedIn();
    await browser.post(`/companies/${own}/keys`);
    const keyId = /action="\/companies\/[^/]+\/keys\/(\d+)\/revoke"/.exec((await browser.get(`/companies/${own}/keys`)).text)![1];
    const login = c.client();
    await login.get('/login');
    const posts: [ConsoleClient, string, Record<string, string>][] = [
      [login, '/login', { email: 'admin@example.hn', password: adminPassword }],
      [browser, '/logout', {}],
      [browser, `/companies/${own}/keys`, {}],
      [browser, `/companies/${own}/keys/${keyId}/revoke`, {}],
      [browser, `/companies/${own}/cai/cancel`, { cai: 'AAAAAA-111111-AAAAAA-222222-AAAAAA-33', reason: 'Resolución SAR' }],
      // The setup pages' forms.
      [browser, `/companies/${own}/setup/integration`, {}],
      [browser, `/companies/${own}/setup/emission-point`, { establishment: '000', point: '009' }],
      [
        browser,
        `/companies/${own}/cai/new`,
        { point: '000-001', cai: 'ABCDEF-1', rangeStart: '900', rangeEnd: '999', deadline: '2099-12-31' },
      ],
      [browser, `/companies/${own}/products`, { code: 'P-CSRF', name: 'Sin token', isvRate: '15' }],
      [browser, `/companies/${own}/price-lists`, { code: 'CSRF' }],
      [browser, `/companies/${own}/prices`, { priceList: 'GENERAL', product: 'P-1', price: '1', currency: 'HNL' }],
      [browser, `/companies/${own}/mappings`, { externalProductId: 'SKU-CSRF', product: 'P-1' }],
    ];
    const before = await tableChecksums(c.t.orm);
    for (const [client, path, fields] of posts) {
      for (const csrf of [null, 'wrong', '']) {
        const res = await client.post(path, fields, csrf);
        expect({ path, csrf, status: res.status }).toEqual({ path, csrf, status: 403 });
        expect(res.text).toContain('CSRF_TOKEN_INVALID');
      }
      // Another session's token is as wrong as any.
      const stranger = await signedIn();
      const checksums = await tableChecksums(c.t.orm);
      expect((await client.post(path, fields, stranger.csrf)).status).toBe(403);
      expect(await tableChecksums(c.t.orm)).toBe(checksums);
    }
    // Only the strangers' sign-ins changed anything: their sessions, trail rows and e-mail's count of passwords checked.
    const theirs = /`?(activity|console_sessions|console_sign_in_throttles)`?=[^;]*;?/g;
    expect((await tableChecksums(c.t.orm)).replace(theirs, '')).toBe(before.replace(theirs, ''));
    // The login page's token belongs to its pre-session cookie: without the cookie it is refused.
    const cookieless = c.client();
    const page = await cookieless.get('/login');
    cookieless.cookies.clear();
    expect(
      (await cookieless.post('/login', { email: 'admin@example.hn', password: adminPassword }, page.text && cookieless.csrf)).status,
    ).toBe(403);
  });

  it('answers an accountant 404 on another company, on API keys and on unknown paths alike', async () => {
    const accountant = await signedIn('conta@example.hn', accountantPassword);
    expect((await accountant.get(`/companies/${own}`)).status).toBe(200);
    const unknown = await accountant.get('/companies/NO-SUCH-CO');
    expect(unknown.status).toBe(404);
    for (const path of [`/companies/${other}`, `/companies/${own}/keys`, `/companies/${other}/keys`, '/no/such/page']) {
      const res = await accountant.get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(unknown.text);
    }
    const before = await tableChecksums(c.t.orm);
    expect((await accountant.post(`/companies/${own}/keys`)).status).toBe(404);
    expect((await accountant.post(`/companies/${other}/keys/1/revoke`)).status).toBe(404);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    const home = await accountant.get('/');
    expect(home.text).toContain(`/companies/${own}"`);
    expect(home.text).not.toContain(`/companies/${other}"`);
  });

  it('ends a session after 30 idle minutes, and after 12 hours however busy', async () => {
    const idle = await signedIn();
    c.advance(SESSION_IDLE_MS - MINUTE);
    expect((await idle.get('/')).status).toBe(200);
    c.advance(SESSION_IDLE_MS - MINUTE);
    expect((await idle.get('/')).status).toBe(200);
    c.advance(SESSION_IDLE_MS);
    expect((await idle.get('/')).status).toBe(303);

    const busy = await signedIn();
    for (let elapsed = 0; elapsed + 20 * MINUTE < SESSION_MAX_MS; elapsed += 20 * MINUTE) {
      c.advance(20 * MINUTE);
      expect((await busy.get('/')).status).toBe(200);
    }
    c.advance(20 * MINUTE);
    expect((await busy.get('/')).status).toBe(303);
  });

  it('ends sessions at sign-out, when the account is disabled and when its password is reset', async () => {
    const leaving = await signedIn();
    expect((await leaving.post('/logout')).headers.location).toBe('/login');
    expect(leaving.cookies.has('console_session')).toBe(false);
    expect((await leaving.get('/')).status).toBe(303);

    const temp = await c.addOperator('temp@example.hn', 'admin');
    const reset = await signedIn('temp@example.hn', temp);
    expect((await runAdmin(c.t.config.databaseUrl, ['operator', 'reset-password', '--email', 'temp@example.hn'])).code).toBe(0);
    expect((await reset.get('/')).status).toBe(303);
    expect((await c.client().signIn('temp@example.hn', temp)).status).toBe(401);

    const gone = await c.addOperator('gone@example.hn', 'admin');
    const disabled = await signedIn('gone@example.hn', gone);
    expect((await runAdmin(c.t.config.databaseUrl, ['operator', 'disable', '--email', 'gone@example.hn'])).code).toBe(0);
    expect((await disabled.get('/')).status).toBe(303);
    const again = await c.client().signIn('gone@example.hn', gone);
    expect(again.status).toBe(401);
  });

  it('refuses an e-mail from an address for 15 minutes after five failures from it in 15 minutes, with the same answer whether it exists', async () => {
    const password = await c.addOperator('target@example.hn', 'admin');
    const answers = async (email: string, pw: string) => {
      const res = await c.client().signIn(email, pw);
      return { status: res.status, text: refusalText(res), retryAfter: res.headers['retry-after'] };
    };
    for (const email of ['target@example.hn', 'nobody@example.hn']) {
      for (let i = 0; i < 5; i++) {
        expect(await answers(email, 'wrong password!')).toMatchObject({ status: 401 });
        c.advance(MINUTE);
      }
    }
    const known = await answers('target@example.hn', password);
    const unknown = await answers('nobody@example.hn', 'any password');
    expect(known).toEqual({ status: 429, text: expect.stringContaining('SIGN_IN_LOCKED'), retryAfter: String(SIGN_IN_LOCK_MS / 1000) });
    expect(unknown).toEqual(known);
    // From one browser (one pre-session cookie), the whole page is the same byte for byte but for
    // the e-mail as typed, which the form keeps.
    const browser = c.client();
    await browser.get('/login');
    const knownPage = await browser.post('/login', { email: 'target@example.hn', password });
    const unknownPage = await browser.post('/login', { email: 'nobody@example.hn', password: 'any password' });
    expect(knownPage.text).toContain('value="target@example.hn"');
    expect(unknownPage.text.replace('nobody@example.hn', 'E')).toBe(knownPage.text.replace('target@example.hn', 'E'));
    // A wrong password and a wrong e-mail read the same before the lock too.
    expect(refusalText(await c.client().signIn('admin@example.hn', 'not it at all'))).toBe(
      refusalText(await c.client().signIn('ghost@example.hn', 'not it at all')),
    );
    c.advance(SIGN_IN_LOCK_MS);
    expect((await c.client().signIn('target@example.hn', password)).status).toBe(303);
  });

  it('shows an accountant only the activity of the companies granted, an administrator every row', async () => {
    const admin = await signedIn();
    await admin.post(`/companies/${other}/keys`);
    await admin.post(`/companies/${own}/keys`);
    const all = (await admin.get('/activity')).text;
    expect(all).toContain(`<td>${other}</td>`);
    expect(all).toContain(`<td>${own}</td>`);
    expect(all).toContain('(sign-in)');
    const accountant = await signedIn('conta@example.hn', accountantPassword);
    const mine = (await accountant.get('/activity')).text;
    expect(mine).toContain(`<td>${own}</td>`);
    expect(mine).not.toContain(`<td>${other}</td>`);
    // Rows about no company (sign-ins, operators) are not a company's.
    expect(mine).not.toContain('(sign-in)');
    expect(mine).not.toContain('(operator-added)');
  });

  it('shows a hostile company name and a hostile e-mail as text', async () => {
    // The address form lets it through; a failed sign-in for it is recorded under it (an e-mail no
    // operator has is never recorded).
    await c.addOperator(`${HOSTILE}@example.hn`, 'accountant');
    await c.client().signIn(`${HOSTILE}@example.hn`, 'whatever password');
    const browser = await signedIn();
    for (const path of ['/', `/companies/${own}`, '/activity']) {
      const res = await browser.get(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(HOSTILE);
      expect(res.text).toContain('&lt;script>alert(1)&lt;/script>');
    }
  });

  it('shows an issued key once, on the answer to its POST: never on a later page, in the logs or in the trail', async () => {
    const browser = await signedIn();
    // A company of its own: the others already hold the most active keys a company may have.
    const fresh = (await setUpCompany(c.t)).code;
    const keysPage = `/companies/${fresh}/keys`;
    const issued = await browser.post(keysPage);
    expect(issued.status).toBe(200);
    const key = /<p class="secret" id="llave-nueva">(hninv_[\w-]+)<\/p>/.exec(issued.text)![1];
    const revoke = /action="(\/companies\/[^"]+\/revoke)"/.exec(issued.text)![1];
    expect((await browser.post(revoke, { confirm: '1' })).status).toBe(303);
    for (const path of [keysPage, '/', `/companies/${fresh}`, '/activity']) {
      expect((await browser.get(path)).text).not.toContain(key);
    }
    expect(c.t.logs.text).not.toContain(key);
    const trail = await c.t.orm.em
      .fork()
      .getConnection()
      .execute<{ target: string; details: string }[]>('select target, details from activity');
    expect(JSON.stringify(trail)).not.toContain(key);
    expect(JSON.stringify(trail)).not.toContain(key.slice(12));
    const activity = (await browser.get('/activity')).text;
    expect(activity).toContain('key-issued');
    expect(activity).toContain('key-revoked');
    expect(activity).toContain('admin@example.hn');
  });
});

/**
 * What the console refuses before a page runs, or that only a request it does not offer reaches:
 * each answered with its code and status, and nothing changed.
 */
describe('console refusals by code', () => {
  let c: ConsoleTest;
  let code: string;
  let admin: ConsoleClient;
  const codeOf = (res: Response) => /<code>([A-Z_]+)<\/code>/.exec(res.text)?.[1];

  beforeAll(async () => {
    // Holding only invoice.odt: the company's credit note template cannot be read.
    c = await createConsoleTest({ env: { TEMPLATES_DIR: copyTemplatesDir() } });
    code = (await setUpCompany(c.t)).code;
    const password = await c.addOperator('admin@example.hn', 'admin');
    admin = c.client();
    expect((await admin.signIn('admin@example.hn', password)).status).toBe(303);
    await admin.get('/');
  }, 120_000);
  afterAll(() => c.close());

  /** A POST of these bytes as an urlencoded form, with the client's session. */
  const rawPost = (path: string, body: Buffer, headers: Record<string, string>) => {
    const req = supertest(c.app.callback())
      .post(path)
      .set('Cookie', [...admin.cookies].map(([n, v]) => `${n}=${v}`).join('; '))
      .set('Content-Type', 'application/x-www-form-urlencoded');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send(body);
  };

  it('a form over 64 kB is PAYLOAD_TOO_LARGE (413); a compressed one, whole or damaged, VALIDATION_FAILED (400)', async () => {
    const keys = `/companies/${code}/keys`;
    const before = await tableChecksums(c.t.orm);
    const large = await admin.post(keys, { padding: 'x'.repeat(64 * 1024) });
    expect({ status: large.status, code: codeOf(large) }).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(refusalText(large)).toContain('demasiado grande');
    const form = Buffer.from(`_csrf=${encodeURIComponent(admin.csrf)}`);
    for (const [encoding, body] of [
      ['gzip', gzipSync(form)],
      ['gzip', Buffer.from('not gzip at all')],
      ['compress', form],
    ] as const) {
      const res = await rawPost(keys, body, { 'Content-Encoding': encoding });
      expect({ status: res.status, code: codeOf(res) }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      expect(res.text).toContain(`Content-Encoding ${encoding}`);
    }
    expect(await tableChecksums(c.t.orm)).toBe(before);
    expect(c.t.logs.text).not.toContain('console: unexpected error');
  });

  it('a key past the most a company may hold is API_KEY_LIMIT_REACHED (409), said in Spanish on the keys page', async () => {
    const keys = `/companies/${code}/keys`;
    // setUpCompany issued the company's first key.
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) expect((await admin.post(keys)).status).toBe(200);
    const before = await tableChecksums(c.t.orm);
    const over = await admin.post(keys);
    expect(over.status).toBe(409);
    expect(over.text).toContain('<h1>Llaves de API de');
    expect(over.text).toMatch(
      /<div class="error" role="alert" tabindex="-1"><p><strong>No se hizo nada:<\/strong> La empresa ya tiene el máximo de llaves activas/,
    );
    expect(over.text).toContain('(API_KEY_LIMIT_REACHED)');
    expect(over.text).not.toContain('revoke one first');
    expect(await tableChecksums(c.t.orm)).toBe(before);
  });

  it('a template download whose file cannot be read is TEMPLATE_BROKEN (422)', async () => {
    const res = await admin.get(`/companies/${code}/letterhead/creditNote/template.odt`);
    expect({ status: res.status, code: codeOf(res) }).toEqual({ status: 422, code: 'TEMPLATE_BROKEN' });
    expect(refusalText(res)).toContain('La plantilla no pasa la revisión');
  });
});
