import { Client } from '../../src/entities';
import { createTestApp, TestApp } from '../support/test-app';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';

describe('POST /v1/clients', () => {
  let t: TestApp;
  let acme: ReadyCompany;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
  });
  afterAll(() => t.close());

  const post = (body: unknown, company = acme) =>
    t.http
      .post('/v1/clients')
      .set(company.auth)
      .send(body as object);
  const clientRows = () => t.orm.em.fork().count(Client, {});

  it('creates a client and returns every field, absent optionals as null', async () => {
    const res = await post({ clientName: 'Ferretería El Martillo', email: 'compras@martillo.hn' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      clientName: 'Ferretería El Martillo',
      email: 'compras@martillo.hn',
      legalId: null,
      phone: null,
      address: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const row = await t.orm.em.fork().findOneOrFail(Client, res.body.id, { populate: ['company'] });
    expect(row.code).toBe(`API-${row.id}`);
    expect(row.company.id).toBe(acme.companyId);
  });

  it('uses the RTN as the client code when given', async () => {
    const res = await post({
      clientName: 'Supermercado La Colonia',
      email: 'a@colonia.hn',
      legalId: '08019000000011',
      phone: '+504 2222-1111',
      address: 'Blvd. Morazán',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ legalId: '08019000000011', phone: '+504 2222-1111', address: 'Blvd. Morazán' });
    const row = await t.orm.em.fork().findOneOrFail(Client, res.body.id);
    expect(row.code).toBe('08019000000011');
  });

  it('treats null optional fields as not given', async () => {
    const res = await post({ clientName: 'Nulos', email: 'n@n.hn', legalId: null, phone: null, address: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ legalId: null, phone: null, address: null });
  });

  describe('refuses invalid input with 400 and writes nothing', () => {
    const cases: [string, unknown, string][] = [
      ['missing clientName', { email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['empty clientName', { clientName: '', email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['blank clientName', { clientName: '   ', email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['clientName over 255', { clientName: 'x'.repeat(256), email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['clientName not a string', { clientName: 42, email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['clientName null', { clientName: null, email: 'a@b.hn' }, 'VALIDATION_FAILED'],
      ['missing email', { clientName: 'A' }, 'VALIDATION_FAILED'],
      ['bad email', { clientName: 'A', email: 'not-an-email' }, 'VALIDATION_FAILED'],
      ['phone over 32', { clientName: 'A', email: 'a@b.hn', phone: '1'.repeat(33) }, 'VALIDATION_FAILED'],
      ['address over 255', { clientName: 'A', email: 'a@b.hn', address: 'x'.repeat(256) }, 'VALIDATION_FAILED'],
      ['legalId over 32', { clientName: 'A', email: 'a@b.hn', legalId: '1'.repeat(33) }, 'VALIDATION_FAILED'],
      ['legalId a number', { clientName: 'A', email: 'a@b.hn', legalId: 8019000000001 }, 'VALIDATION_FAILED'],
      ['unknown field', { clientName: 'A', email: 'a@b.hn', code: 'X1' }, 'VALIDATION_FAILED'],
      ['an array body', [{ clientName: 'A', email: 'a@b.hn' }], 'VALIDATION_FAILED'],
      ['an empty body', {}, 'VALIDATION_FAILED'],
      ['RTN of 13 digits', { clientName: 'A', email: 'a@b.hn', legalId: '0801900000001' }, 'INVALID_RTN_FORMAT'],
      ['RTN of 15 digits', { clientName: 'A', email: 'a@b.hn', legalId: '080190000000011' }, 'INVALID_RTN_FORMAT'],
      ['RTN with a dash', { clientName: 'A', email: 'a@b.hn', legalId: '0801-9000-000001' }, 'INVALID_RTN_FORMAT'],
      ['RTN with letters', { clientName: 'A', email: 'a@b.hn', legalId: '0801900000000A' }, 'INVALID_RTN_FORMAT'],
      ['empty RTN', { clientName: 'A', email: 'a@b.hn', legalId: '' }, 'INVALID_RTN_FORMAT'],
      ['RTN of fourteen zeros', { clientName: 'A', email: 'a@b.hn', legalId: '00000000000000' }, 'INVALID_RTN_FORMAT'],
      ['RTN of fourteen equal digits', { clientName: 'A', email: 'a@b.hn', legalId: '99999999999999' }, 'INVALID_RTN_FORMAT'],
    ];
    it.each(cases)('%s', async (_name, body, code) => {
      const before = await clientRows();
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code, message: expect.any(String) });
      expect(await clientRows()).toBe(before);
    });

    it('names the offending field in the message', async () => {
      expect((await post({ clientName: 'A', email: 'a@b.hn', colour: 'red' })).body.message).toContain('colour');
      expect((await post({ email: 'a@b.hn' })).body.message).toContain('clientName');
    });
  });

  it('answers 409 UQ_CLIENT_CODE_COMPANY for a second client with the same RTN', async () => {
    const body = { clientName: 'Primero', email: 'p@p.hn', legalId: '08019000000022' };
    expect((await post(body)).status).toBe(201);
    const before = await clientRows();
    const res = await post({ ...body, clientName: 'Segundo' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'UQ_CLIENT_CODE_COMPANY', message: expect.any(String) });
    expect(await clientRows()).toBe(before);
  });

  it('creates exactly one client when requests with one RTN race', async () => {
    const body = { clientName: 'Carrera', email: 'c@c.hn', legalId: '08019000000033' };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('UQ_CLIENT_CODE_COMPANY');
    expect(await t.orm.em.fork().count(Client, { legalId: '08019000000033' })).toBe(1);
  });

  it('lets two companies register the same RTN', async () => {
    const other = await setUpCompany(t);
    const body = { clientName: 'Compartido', email: 's@s.hn', legalId: '08019000000044' };
    expect((await post(body)).status).toBe(201);
    expect((await post(body, other)).status).toBe(201);
  });
});

describe('GET /v1/clients', () => {
  let t: TestApp;
  let acme: ReadyCompany;
  let other: ReadyCompany;
  const names = ['delta', 'Alfa', 'charlie', 'Bravo', 'alfa', 'Echo', 'Bravo'];

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
    other = await setUpCompany(t);
    for (const clientName of names) {
      const res = await t.http.post('/v1/clients').set(acme.auth).send({ clientName, email: 'x@y.hn' });
      expect(res.status).toBe(201);
    }
    await t.http.post('/v1/clients').set(other.auth).send({ clientName: 'Aaa de otra empresa', email: 'o@o.hn' });
  });
  afterAll(() => t.close());

  const list = (query = '') => t.http.get(`/v1/clients${query}`).set(acme.auth);

  it('lists every client of the company by name A to Z, then by id, with the company count', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(7);
    expect(res.body.clients.map((c: { clientName: string }) => c.clientName.toLowerCase())).toEqual([
      'alfa',
      'alfa',
      'bravo',
      'bravo',
      'charlie',
      'delta',
      'echo',
    ]);
    const ids = res.body.clients.map((c: { id: number }) => c.id);
    expect(ids[0]).toBeLessThan(ids[1]);
    expect(ids[2]).toBeLessThan(ids[3]);
    expect(Object.keys(res.body.clients[0]).sort()).toEqual(['address', 'clientName', 'createdAt', 'email', 'id', 'legalId', 'phone']);
  });

  it('never shows another company’s clients', async () => {
    const mine = await list();
    expect(mine.body.clients.some((c: { clientName: string }) => c.clientName.startsWith('Aaa'))).toBe(false);
    const theirs = await t.http.get('/v1/clients').set(other.auth);
    expect(theirs.body.count).toBe(1);
    expect(theirs.body.clients[0].clientName).toBe('Aaa de otra empresa');
  });

  it('paginates when page and limit are both sent; count stays the company total', async () => {
    const all = (await list()).body.clients;
    const page1 = await list('?page=1&limit=3');
    const page3 = await list('?page=3&limit=3');
    expect(page1.body.clients).toEqual(all.slice(0, 3));
    expect(page3.body.clients).toEqual(all.slice(6, 9));
    expect(page1.body.count).toBe(7);
    expect(page3.body.count).toBe(7);
    const beyond = await list('?page=4&limit=3');
    expect(beyond.body).toEqual({ clients: [], count: 7 });
  });

  it('ignores page or limit sent alone and returns the whole list', async () => {
    expect((await list('?page=2')).body.clients).toHaveLength(7);
    expect((await list('?limit=2')).body.clients).toHaveLength(7);
  });

  it.each([
    '?page=0&limit=2',
    '?page=1&limit=0',
    '?page=-1&limit=2',
    '?page=1.5&limit=2',
    '?page=abc&limit=2',
    '?page=1&limit=',
    '?limit=x',
    '?page=1&page=2&limit=2',
  ])('answers 400 VALIDATION_FAILED for %s', async (query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
