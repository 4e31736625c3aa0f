import { ActivityEntry, Invoice } from '../../src/entities';
import { addDays, hondurasDate } from '../../src/domain/calendar-date';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, type TestApp } from '../support/test-app';

const FAR = '2099-12-31';

/**
 * The administrators' setup pages over HTTP (sessions, CSRF, the real database): every form goes
 * through `admin apply`'s service, so its change is what the API's next request sees, its refusal
 * is that service's message and changes nothing, and it leaves one trail row.
 */
describe('console setup pages', () => {
  let c: ConsoleTest;
  /** A second instance of the service on the same database, with its own caches. */
  let other: TestApp;
  let company: ReadyCompany;
  let admin: ConsoleClient;
  let accountant: ConsoleClient;
  let keys = 0;
  const base = () => `/companies/${company.code}`;
  const sale = (body: object = CART) => c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `k-${++keys}`).send(body);

  /** A form the setup rules refuse: 422, the rules' own words on the page, and no table changed. */
  async function refused(path: string, fields: Record<string, string>, ...messages: string[]) {
    await admin.get(path.replace(/\/[^/]+$/, '') || base());
    const before = await tableChecksums(c.t.orm);
    const res = await admin.post(path, fields);
    expect(res.status).toBe(422);
    expect(res.text).toContain('SETUP_INVALID');
    expect(res.text).toContain('no se cambió nada');
    for (const message of messages) expect(res.text).toContain(message);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    return res;
  }

  /** The integration form as the company was set up: on, with every default. */
  const INTEGRATION = {
    enabled: 'on',
    emissionPoint: '000-001',
    creatorUser: 'integracion',
    priceList: 'GENERAL',
    paymentTerminal: 'CAJA1',
  };
  /** Posts the integration form: INTEGRATION with `changes` (undefined: the field left empty). */
  async function setIntegration(changes: Record<string, string | undefined>): Promise<void> {
    const fields = Object.fromEntries(Object.entries({ ...INTEGRATION, ...changes }).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    expect((await admin.post(`${base()}/setup/integration`, fields)).status).toBe(303);
  }

  /** The newest trail row of the company. */
  const lastActivity = () => c.t.orm.em.fork().findOneOrFail(ActivityEntry, { company: company.companyId }, { orderBy: { id: 'desc' } });

  beforeAll(async () => {
    c = await createConsoleTest();
    const today = hondurasDate(new Date());
    company = await setUpCompany(c.t, {
      ...setupWithRanges(
        // Five numbers before a deadline ten days away: DUE from the start, EXHAUSTED after five sales.
        [{ cai: caiOf('a'), rangeStart: 1, rangeEnd: 5, deadline: addDays(today, 10) }],
        uniqueCode('S'),
      ),
    });
    other = await createTestApp({ databaseName: c.t.db.name });
    const passwords = {
      admin: await c.addOperator('admin@setup.hn', 'admin'),
      accountant: await c.addOperator('contador@setup.hn', 'accountant', [company.code]),
    };
    admin = c.client();
    accountant = c.client();
    expect((await admin.signIn('admin@setup.hn', passwords.admin)).status).toBe(303);
    expect((await accountant.signIn('contador@setup.hn', passwords.accountant)).status).toBe(303);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await c.close();
  });

  it('turns the integration off and on: the API refuses the next sale, then takes it', async () => {
    const page = await admin.get(`${base()}/setup`);
    expect(page.status).toBe(200);
    await setIntegration({ enabled: undefined });
    const refusedSale = await sale();
    expect(refusedSale.status).toBe(403);
    expect(refusedSale.body.code).toBe('INTEGRATION_NOT_ENABLED');
    const elsewhere = await other.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `k-${++keys}`).send(CART);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'INTEGRATION_NOT_ENABLED']);
    const row = await lastActivity();
    expect(row.action).toBe('setup-changed');
    expect(row.actor).toBe('admin@setup.hn');
    expect(JSON.stringify(row.details)).toContain('integration');

    await setIntegration({});
    const shown = await admin.get(`${base()}/setup`);
    expect(shown.text).toMatch(/id="integration-enabled" name="enabled" type="checkbox" checked/);
  });

  it('clears a default: the API answers the missing default', async () => {
    await setIntegration({ priceList: undefined });
    expect((await sale()).body.code).toBe('INTEGRATION_MISSING_PRICE_TYPE');
    await setIntegration({});
  });

  it('changes a price as the console prints amounts, and the next invoice of every instance is priced with it', async () => {
    const rice = { items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] };
    const totalOf = async (id: number) => (await c.t.orm.em.fork().findOneOrFail(Invoice, id)).total;
    // Both instances have priced with the old price (and keep it in memory).
    expect(await totalOf((await issueSale(other.http, company.auth, `k-${++keys}`, rice)).id)).toBe('115.00');
    expect(await totalOf((await issueSale(c.t.http, company.auth, `k-${++keys}`, rice)).id)).toBe('115.00');

    await admin.get(`${base()}/products`);
    const res = await admin.post(`${base()}/prices`, { priceList: 'GENERAL', product: 'P-ARROZ', price: 'L 1,500.00', currency: 'HNL' });
    expect(res.status).toBe(303);
    // 1,500.00 + 15 % ISV, on the other instance as on this one.
    expect(await totalOf((await issueSale(other.http, company.auth, `k-${++keys}`, rice)).id)).toBe('1725.00');
    expect((await admin.get(`${base()}/products?q=arroz`)).text).toContain('L 1,500.00');
  });

  it('adds a product, its price and a mapping, which the next sale finds; removing the mapping loses it', async () => {
    expect((await admin.post(`${base()}/products`, { code: 'P-LECHE', name: 'Leche entera 1 l', exempt: 'on' })).status).toBe(303);
    expect((await admin.post(`${base()}/prices`, { priceList: 'GENERAL', product: 'P-LECHE', price: '28', currency: 'HNL' })).status).toBe(
      303,
    );
    expect((await admin.post(`${base()}/mappings`, { externalProductId: 'SKU-LECHE', product: 'P-LECHE' })).status).toBe(303);
    const milk = { items: [{ externalProductId: 'SKU-LECHE', quantity: 2 }] };
    const issued = await issueSale(c.t.http, company.auth, `k-${++keys}`, milk);
    expect((await c.t.orm.em.fork().findOneOrFail(Invoice, issued.id)).total).toBe('56.00');
    const page = await admin.get(`${base()}/products?product=P-LECHE`);
    expect(page.text).toContain('SKU-LECHE');
    expect(page.text).toContain('value="Leche entera 1 l"');

    expect((await admin.post(`${base()}/mappings`, { externalProductId: 'SKU-LECHE', product: 'P-LECHE', remove: 'on' })).status).toBe(303);
    expect((await sale(milk)).body.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('adds an emission point and makes it the integration default', async () => {
    expect((await admin.post(`${base()}/setup/emission-point`, { establishment: '000', point: '002', pointName: 'Caja 2' })).status).toBe(
      303,
    );
    expect((await admin.get(`${base()}/setup`)).text).toContain('002 · Caja 2');
    await setIntegration({ emissionPoint: '000-002' });
    // The new point has no range yet: the API says so.
    expect((await sale()).body.code).toBe('CAI_RANGE_EXHAUSTED');
    await setIntegration({});
  });

  // [form, fields, the rules' words on the page, a typed value kept, the field marked invalid]
  it.each<[string, Record<string, string>, string[], string, string | null]>([
    [
      'cai/new',
      { point: '000-001', documentType: 'invoice', cai: caiOf('z'), rangeStart: '10', rangeEnd: '5', deadline: FAR },
      ['caiRanges[0].rangeEnd: must not be below rangeStart (10)'],
      caiOf('z'),
      'range-rangeEnd',
    ],
    [
      'cai/new',
      { point: '000-001', documentType: 'invoice', cai: caiOf('y'), rangeStart: '2', rangeEnd: '50', deadline: FAR },
      [`numbers 2-50 overlap CAI ${caiOf('a')} (1-5) of emission point 000-001`],
      caiOf('y'),
      // The overlap is the range's as a whole: above the form, beside no one field.
      null,
    ],
    [
      'cai/new',
      { point: '000-001', documentType: 'invoice', cai: caiOf('x'), rangeStart: 'diez', rangeEnd: '50', deadline: '' },
      ['rangeStart: must be a whole number', 'deadline: is required'],
      'diez',
      'range-rangeStart',
    ],
    [
      'products',
      { code: 'P-NUEVO', name: 'Sin tasa' },
      ['products[0].isvRate: is required unless the product is exempt: true'],
      'Sin tasa',
      'product-isvRate',
    ],
    [
      'prices',
      { priceList: 'GENERAL', product: 'P-999', price: '10', currency: 'HNL' },
      ['prices[0].product: unknown product P-999'],
      'P-999',
      'price-product',
    ],
    [
      'prices',
      { priceList: 'GENERAL', product: 'P-ARROZ', price: 'L -5.00', currency: 'HNL' },
      ['prices[0].price:'],
      'L -5.00',
      'price-price',
    ],
    [
      'prices',
      { priceList: 'GENERAL', product: 'P-ARROZ', price: '12.345678', currency: 'HNL' },
      ['prices[0].price:'],
      '12.345678',
      'price-price',
    ],
    [
      'setup/integration',
      { enabled: 'on', creatorUser: 'NADIE' },
      ['integration.creatorUser: unknown user NADIE'],
      'on',
      'integration-creatorUser',
    ],
    [
      'setup/emission-point',
      { establishment: '7', point: '001' },
      ['establishments[0].code: must be exactly 3 digits'],
      '7',
      'point-establishment',
    ],
  ])(
    "refuses POST %s %j with the setup rules' words, the typed values kept, nothing changed",
    async (path, fields, messages, kept, marked) => {
      const res = await refused(`${base()}/${path}`, fields, ...messages);
      if (kept !== 'on') expect(res.text).toContain(`value="${kept}"`);
      if (marked) expect(res.text).toMatch(new RegExp(`id="${marked}"[^>]*aria-invalid="true"`));
      else expect(res.text).not.toContain('aria-invalid');
    },
  );

  it("says each problem in Spanish beside its field, the rules' English words only in small print for support", async () => {
    const fields = { point: '000-001', documentType: 'invoice', cai: caiOf('v'), rangeStart: 'diez', rangeEnd: '5', deadline: '' };
    const res = await refused(`${base()}/cai/new`, fields);
    expect(res.text).toMatch(/id="range-rangeStart-problem">Debe ser un número entero\.</);
    expect(res.text).toMatch(/id="range-deadline-problem">Es obligatorio\.</);
    // In the list above the form: the Spanish first, then the path and the rule's words, small.
    expect(res.text).toMatch(
      /<li>Debe ser un número entero\. <small class="muted">\([^)]*rangeStart: must be a whole number\)<\/small><\/li>/,
    );
    expect(res.text.replace(/<small[^>]*>.*?<\/small>/gs, '')).not.toMatch(/must be|is required/);
    const user = await refused(`${base()}/setup/integration`, { enabled: 'on', creatorUser: 'NADIE' });
    expect(user.text).toContain('La empresa no tiene el usuario NADIE.');
  });

  it("refuses to register a CAI another company holds, at the range's CAI field, nothing changed", async () => {
    const holder = uniqueCode('H');
    const held = caiOf('h', holder);
    await setUpCompany(c.t, setupWithRanges([{ cai: held, rangeStart: 1, rangeEnd: 100, deadline: FAR }], holder));
    const fields = { point: '000-001', documentType: 'invoice', cai: held, rangeStart: '100', rangeEnd: '200', deadline: FAR };
    const res = await refused(`${base()}/cai/new`, fields, `caiRanges[0].cai: CAI ${held} belongs to another company`);
    expect(res.text).toContain(`value="${held}"`);
    expect(res.text).toMatch(/id="range-cai"[^>]*aria-invalid="true"/);
  });

  it('refuses the accountant every setup page and form, as pages that do not exist', async () => {
    for (const path of ['setup', 'products', 'cai/new']) expect((await accountant.get(`${base()}/${path}`)).status).toBe(404);
    await accountant.get(base());
    const before = await tableChecksums(c.t.orm);
    const posts: Array<[string, Record<string, string>]> = [
      ['setup/integration', {}],
      ['setup/emission-point', { establishment: '000', point: '009' }],
      ['cai/new', { point: '000-001', documentType: 'invoice', cai: caiOf('w'), rangeStart: '500', rangeEnd: '600', deadline: FAR }],
      ['products', { code: 'P-X', name: 'X', isvRate: '15' }],
      ['price-lists', { code: 'OTRA' }],
      ['prices', { priceList: 'GENERAL', product: 'P-ARROZ', price: '1', currency: 'HNL' }],
      ['mappings', { externalProductId: 'SKU-X', product: 'P-ARROZ' }],
    ];
    for (const [path, fields] of posts) expect((await accountant.post(`${base()}/${path}`, fields)).status).toBe(404);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    // Nor is the way there shown.
    expect((await accountant.get(base())).text).not.toContain('/cai/new');
  });

  it('links the DUE range to the form that registers the next one, whose range the next sale takes once the first is exhausted', async () => {
    const page = await admin.get(base());
    expect(page.text).toMatch(/state-DUE/);
    const link = `${base()}/cai/new?point=000-001&amp;type=invoice`;
    expect(page.text).toContain(`href="${link}"`);
    const form = await admin.get(link.replace('&amp;', '&'));
    expect(form.text).toMatch(/<option value="000-001" selected/);

    const res = await admin.post(`${base()}/cai/new`, {
      point: '000-001',
      documentType: 'invoice',
      cai: caiOf('b'),
      rangeStart: '6',
      rangeEnd: '1000',
      deadline: FAR,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(base());
    const row = await lastActivity();
    expect(row.action).toBe('setup-changed');

    expect(JSON.stringify(row.details)).toContain(caiOf('b'));
    // The trail page says what the apply did in Spanish, not in the setup file's words.
    const trail = (await admin.get('/activity?action=setup-changed')).text;
    expect(trail).toContain(`alta del CAI ${caiOf('b')} en 000-001`);
    expect(trail).not.toContain('create CAI');

    // Sales so far took 1 to 4 of the first range; the fifth number is its last.
    const fifth = await issueSale(c.t.http, company.auth, `k-${++keys}`, CART);
    expect(fifth.fiscalNumber).toMatch(/-00000005$/);
    const sixth = await issueSale(other.http, company.auth, `k-${++keys}`, CART);
    expect(sixth.fiscalNumber).toMatch(/-00000006$/);
    const invoice = await c.t.orm.em.fork().findOneOrFail(Invoice, sixth.id, { populate: ['caiRange'] });
    expect(invoice.caiRange.cai).toBe(caiOf('b'));
    const after = (await admin.get(base())).text;
    expect(after).toMatch(/state-EXHAUSTED/);
    // The exhausted range links to the form too; the new one, OK, does not.
    expect(after.split(`href="${link}"`)).toHaveLength(2);
  });
});
