import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/http/openapi/openapi-document';
import { buildRouter } from '../../src/http/router';
import { lintOpenApi } from '../support/openapi-lint';
import { createTestApp, TestApp } from '../support/test-app';

type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, unknown>> };

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let yaml: string;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http.get('/v1/docs-yaml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('yaml');
    yaml = res.text;
    doc = parse(yaml) as OpenApiDoc;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('passes the Redocly linter (recommended rules) without an error or a warning', async () => {
    expect(await lintOpenApi(yaml)).toEqual([]);
  });

  it('is, once parsed, the document the contract tests check responses against', () => {
    expect(doc).toEqual(buildOpenApiDocument());
  });

  it('documents every /v1 route the router serves, and nothing else', () => {
    const served = new Set<string>();
    for (const layer of buildRouter(t.container).stack) {
      const routePath = String(layer.path);
      if (routePath.includes('/assets/')) continue; // static files of the docs page
      // The buyers' verification pages (GET /verify/{token}) are not the API: the README describes them.
      if (!routePath.startsWith('/v1/')) {
        expect(routePath).toBe(String(/^\/verify(?:\/.*)?$/));
        continue;
      }
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        served.add(`${method.toLowerCase()} ${routePath.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)));
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it('serves the Swagger UI with its assets from this service, not a CDN', async () => {
    const page = await t.http.get('/v1/docs');
    expect(page.status).toBe(200);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBe(3);
    for (const asset of assets) {
      expect(asset.startsWith('/v1/docs/assets/')).toBe(true);
      const res = await t.http.get(asset);
      expect(res.status).toBe(200);
    }
  });
});
