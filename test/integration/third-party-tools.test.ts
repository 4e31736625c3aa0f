import { parse } from 'yaml';
import type { components, operations } from '../client/api-types';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * What third-party tools run against the served document and the live service need: a Bearer
 * challenge on every 401, declared bounds for what the service bounds, and operation and schema
 * names a client generator can use as they are.
 */
describe('the contract as third-party tools read it', () => {
  let t: TestApp;
  let doc: Json;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    doc = parse((await t.http.get('/v1/docs-yaml').expect(200)).text) as Json;
    ({ auth } = await setUpCompany(t));
  });
  afterAll(() => t.close());

  const protectedRequests: [string, string][] = [
    ['post', '/v1/clients'],
    ['get', '/v1/clients'],
    ['post', '/v1/invoices/preview'],
    ['post', '/v1/invoices'],
    ['get', '/v1/invoices/1'],
    ['get', '/v1/invoices/1/pdf'],
  ];

  it.each(protectedRequests)('%s %s without a key answers 401 with WWW-Authenticate: Bearer realm', async (method, path) => {
    const res = await (t.http as any)[method](path).send({});
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="invoicing"');
  });

  it.each(protectedRequests)('%s %s with a refused key answers 401 with an invalid_token challenge', async (method, path) => {
    for (const authorization of ['Bearer not-a-real-key', 'Basic dXNlcjpwYXNz']) {
      const res = await (t.http as any)[method](path).set('Authorization', authorization).send({});
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="invoicing", error="invalid_token"/);
    }
  });

  it('declares the WWW-Authenticate header on every documented 401', () => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const unauthorized = (operation as Json).responses['401'];
        if (unauthorized === undefined) continue;
        expect([path, method, unauthorized.$ref]).toEqual([path, method, '#/components/responses/Unauthorized']);
      }
    }
    expect(doc.components.responses.Unauthorized.headers['WWW-Authenticate']).toMatchObject({ required: true });
  });

  it('declares the bounds of page and limit that the service enforces', async () => {
    const parameters = doc.paths['/v1/clients'].get.parameters.filter((p: Json) => p.in === 'query');
    expect(parameters.map((p: Json) => [p.name, p.schema.minimum, p.schema.maximum])).toEqual([
      ['page', 1, 2147483647],
      ['limit', 1, 2147483647],
    ]);
    await t.http.get('/v1/clients?page=2147483647&limit=2147483647').set(auth).expect(200);
    for (const query of ['page=2147483648&limit=1', 'page=1&limit=2147483648']) {
      const res = await t.http.get(`/v1/clients?${query}`).set(auth).expect(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^(page|limit) must be an integer from 1 to 2147483647\.$/),
      });
    }
  });

  it("gives the list's 400 an example about page and limit, not about a body", () => {
    const badRequest = doc.components.responses.ListBadRequest;
    const examples = Object.values(badRequest.content['application/json'].examples) as Json[];
    expect(examples.map((e) => e.value.message)).toEqual(['page must be an integer from 1 to 2147483647.']);
    expect(`${badRequest.description} ${JSON.stringify(examples)}`).not.toMatch(/body/i);
  });

  /** Names generated SDKs take for themselves (client factories, language built-ins). */
  const RESERVED = [
    'createClient',
    'client',
    'Client',
    'Error',
    'Object',
    'Promise',
    'Response',
    'Request',
    'Date',
    'Map',
    'Set',
    'Function',
    'String',
    'Number',
    'Boolean',
    'Array',
    'Symbol',
    'Record',
    'default',
    'delete',
    'new',
    'File',
    'Blob',
    'Headers',
    'Configuration',
    'BaseAPI',
    'RequestOptions',
  ];

  it('uses operationIds a generator can use as they are', () => {
    const ids = Object.values(doc.paths as Json).flatMap((item) =>
      Object.values(item as Json).map((op) => (op as Json).operationId as string),
    );
    expect(ids.sort()).toEqual([
      'getApiDocsUi',
      'getHealth',
      'getInvoice',
      'getInvoicePdf',
      'getOpenApiDocument',
      'getReadiness',
      'issueInvoice',
      'listClients',
      'previewInvoice',
      'registerClient',
    ]);
    for (const id of ids) expect([id, RESERVED.map((r) => r.toLowerCase()).includes(id.toLowerCase())]).toEqual([id, false]);
  });

  it('uses schema names a generator can use as they are', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['ClientRecord', 'ErrorResponse']));
    for (const name of names) expect([name, RESERVED.includes(name)]).toEqual([name, false]);
  });

  it('describes the documentation endpoints', () => {
    for (const path of ['/v1/docs', '/v1/docs-yaml']) {
      expect(doc.paths[path].get.description).toEqual(expect.stringMatching(/\S{20,}|\w+( \w+){5,}/));
    }
  });

  it('the regenerated typed client carries the new names', async () => {
    // Compile-time: these names exist in the generated types (ts-jest type-checks this file).
    const created: components['schemas']['ClientRecord'] = (
      await t.http.post('/v1/clients').set(auth).send({ clientName: 'Tipos', email: 'tipos@b.hn' }).expect(201)
    ).body;
    const error: operations['registerClient']['responses']['400']['content']['application/json'] = (
      await t.http.post('/v1/clients').set(auth).send({}).expect(400)
    ).body;
    expect(created.clientName).toBe('Tipos');
    expect(error.code).toBe('VALIDATION_FAILED');
  });
});
