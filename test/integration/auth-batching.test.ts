import { API_KEY_PREFIX } from '../../src/domain/api-key-format';
import { Authenticator } from '../../src/services/access';
import { expectError } from '../support/expect-error';
import { issueApiKey, sellingCompany, uniqueCode } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { runAdmin } from '../support/run-admin';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The keys of requests arriving together are looked up in one SELECT. Batching must never mix
 * callers up: each request gets its own key's answer, whatever else shares its round trip.
 */
describe('authentication of concurrent requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const company = async (overrides: { enabled?: boolean } = {}) => {
    return setUpCompany(t, sellingCompany({ code: uniqueCode('AB'), integration: { enabled: overrides.enabled ?? true } }));
  };
  const clientOf = async (auth: { Authorization: string }, name: string) => {
    const res = await t.http.post('/v1/clients').set(auth).send({ clientName: name, email: 'c@example.hn' });
    expect(res.status).toBe(201);
  };

  it('answers each of many simultaneous requests with its own key: its company, 401 or 403', async () => {
    const ana = await company();
    const beto = await company();
    const disabled = await company({ enabled: false });
    const revoked = await company();
    const second = await issueApiKey(t.orm, t.container, revoked.code);
    await clientOf(ana.auth, 'Cliente de Ana');
    await clientOf(beto.auth, 'Cliente de Beto');
    const listing = await runAdmin(t.config.databaseUrl, ['apikey', 'list', '--company', revoked.code]);
    const firstKeyId = /^\s*(\d+)/m.exec(listing.stdout)?.[1];
    expect(firstKeyId).toBeDefined();
    expect((await runAdmin(t.config.databaseUrl, ['apikey', 'revoke', '--company', revoked.code, '--id', firstKeyId!])).code).toBe(0);

    const callers = [
      ...Array.from({ length: 6 }, () => ({ auth: ana.auth, expect: 'Cliente de Ana' })),
      ...Array.from({ length: 6 }, () => ({ auth: beto.auth, expect: 'Cliente de Beto' })),
      ...Array.from({ length: 3 }, () => ({ auth: disabled.auth, expect: 403 })),
      ...Array.from({ length: 3 }, () => ({ auth: revoked.auth, expect: 401 })),
      ...Array.from({ length: 3 }, () => ({ auth: second.auth, expect: 'empty' })),
      ...Array.from({ length: 3 }, () => ({ auth: { Authorization: `Bearer ${API_KEY_PREFIX}${uniqueCode('NOPE')}` }, expect: 401 })),
    ];
    const answers = await Promise.all(callers.map((caller) => t.http.get('/v1/clients').set(caller.auth)));
    answers.forEach((res, i) => {
      const expected = callers[i].expect;
      if (expected === 401) expectError(res, 401, 'INVALID_API_KEY');
      else if (expected === 403) expectError(res, 403, 'INTEGRATION_NOT_ENABLED');
      else if (expected === 'empty') expect(res.body).toEqual({ clients: [], count: 0 });
      else expect(res.body.clients.map((c: { clientName: string }) => c.clientName)).toEqual([expected]);
    });
  });

  it('looks up the keys of callers that come together in one query', async () => {
    const ana = await company();
    const beto = await company();
    const authenticator = t.container.get(Authenticator);
    const lookUp = jest.spyOn(authenticator as unknown as { lookUp: (hashes: readonly string[]) => Promise<unknown[]> }, 'lookUp');
    try {
      const keys = [ana, beto, ana, beto, ana].map((c) => c.auth.Authorization.replace('Bearer ', ''));
      const principals = await Promise.all(keys.map((key) => authenticator.authenticate(key)));
      expect(principals.map((p) => p.companyCode)).toEqual([ana.code, beto.code, ana.code, beto.code, ana.code]);
      expect(lookUp).toHaveBeenCalledTimes(1);
    } finally {
      lookUp.mockRestore();
    }
  });
});
