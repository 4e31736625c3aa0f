import { addYears, hondurasDate } from '../../src/domain/calendar-date';
import { ApiKey, CaiRange, Client, Company } from '../../src/entities';
import { DEMO_COMPANY_CODE, demoSku } from '../../src/cli/demo/demo-company';
import { runAdmin } from '../support/run-admin';
import { createTestApp, TestApp } from '../support/test-app';

const KEY_LINE = /^hninv_[A-Za-z0-9_-]{43}$/;

describe('operator CLI: demo', () => {
  let t: TestApp;
  const keys: string[] = [];
  const clientsWith = (key: string) => t.http.get('/v1/clients').set('Authorization', `Bearer ${key}`);

  /** Runs `admin demo` and returns the key it printed, after checking it printed only that. */
  async function demo(): Promise<string> {
    const run = await runAdmin(t.config.databaseUrl, ['demo']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^hninv_\S+\n$/);
    const key = run.stdout.trim();
    expect(key).toMatch(KEY_LINE);
    keys.push(key);
    return key;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the demo company and prints a key that lists its clients', async () => {
    const res = await clientsWith(await demo());
    expect(res.status).toBe(200);
    expect(res.body.clients.map((c: { clientName: string }) => c.clientName)).toEqual([
      'Fundación Esperanza de Honduras',
      'Hotel Plaza Morazán S.A.',
    ]);
  });

  it('dates the CAI deadline and the exoneration a year after today, so the demo never expires', async () => {
    const em = t.orm.em.fork();
    const inAYear = addYears(hondurasDate(new Date()), 1);
    const range = await em.findOneOrFail(CaiRange, { emissionPoint: { establishment: { company: { code: DEMO_COMPANY_CODE } } } });
    expect(range.deadline).toBe(inAYear);
    const exonerated = await em.findOneOrFail(Client, { company: { code: DEMO_COMPANY_CODE }, code: 'CLI-ONG' });
    expect(exonerated.exonerationValidUntil).toBe(inAYear);
  });

  it('prices every kind of demo product in a preview: ISV 15 and 18 %, exempt, discount, USD, exoneration', async () => {
    const [key] = keys;
    const skus = ['CAFE', 'ACEITE', 'CERVEZA', 'RON', 'LECHE', 'FRIJOL', 'CANASTA', 'LAPTOP'];
    const cart = { items: skus.map((sku) => ({ externalProductId: demoSku(`P-${sku}`), quantity: 2 })) };
    // The cart totals more than a final consumer may buy unidentified: the hotel, with its RTN, buys it.
    const hotel = await t.orm.em.fork().findOneOrFail(Client, { company: { code: DEMO_COMPANY_CODE }, code: 'CLI-HOTEL' });
    const taxed = await t.http
      .post('/v1/invoices/preview')
      .set('Authorization', `Bearer ${key}`)
      .send({ ...cart, clientId: hotel.id });
    expect(taxed.status).toBe(200);
    expect(taxed.body.taxBreakdown.map((tax: { rate: number }) => tax.rate)).toEqual([15, 18]);
    expect(taxed.body).toMatchObject({ appliedDollarExchangeRate: 24.6512, exoneratedAmount: 0 });
    expect(taxed.body.exemptedAmount).toBeGreaterThan(0);
    expect(taxed.body.discountTotal).toBeGreaterThan(0);

    const ong = await t.orm.em.fork().findOneOrFail(Client, { company: { code: DEMO_COMPANY_CODE }, code: 'CLI-ONG' });
    const exonerated = await t.http
      .post('/v1/invoices/preview')
      .set('Authorization', `Bearer ${key}`)
      .send({ ...cart, clientId: ong.id });
    expect(exonerated.status).toBe(200);
    expect(exonerated.body).toMatchObject({ totalTaxes: 0, taxBreakdown: [] });
    expect(exonerated.body.exoneratedAmount).toBeGreaterThan(0);
  });

  it('runs again and again: one company, and at the two-key limit the oldest key is revoked', async () => {
    await demo();
    await demo();
    const em = t.orm.em.fork();
    expect(await em.count(Company, { code: DEMO_COMPANY_CODE })).toBe(1);
    expect(await em.count(ApiKey, { company: { code: DEMO_COMPANY_CODE }, revokedAt: null })).toBe(2);
    const [oldest, previous, newest] = keys;
    expect((await clientsWith(oldest)).body.code).toBe('INVALID_API_KEY');
    expect((await clientsWith(previous)).status).toBe(200);
    expect((await clientsWith(newest)).status).toBe(200);
  });

  it('describes itself in --help', async () => {
    const run = await runAdmin(t.config.databaseUrl, ['demo', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Create or refresh the demo company DEMO/);
  });
});
