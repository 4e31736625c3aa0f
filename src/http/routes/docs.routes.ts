import path from 'node:path';
import { createReadStream } from 'node:fs';
import type Router from '@koa/router';
import { koaSwagger } from 'koa2-swagger-ui';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '../openapi/openapi-document';

const ASSETS_PREFIX = '/v1/docs/assets';
/** The Swagger UI page asks for these names; they are served from the swagger-ui-dist package. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.min.css': { file: 'swagger-ui.css', type: 'text/css' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'application/javascript' },
  'swagger-ui-standalone-preset.js': { file: 'swagger-ui-standalone-preset.js', type: 'application/javascript' },
};

/**
 * GET /v1/docs-yaml (the generated document) and GET /v1/docs (Swagger UI). The UI's assets are
 * served from node_modules, not a CDN, so the page works without internet. Their OpenAPI
 * description is in ../openapi/docs.paths.ts.
 */
export function registerDocsRoutes(router: Router): void {
  const yaml = stringify(buildOpenApiDocument());
  const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

  router.get('/v1/docs-yaml', (ctx) => {
    ctx.status = 200;
    ctx.type = 'application/yaml';
    ctx.body = yaml;
  });

  router.get(`${ASSETS_PREFIX}/dist/:file`, (ctx, next) => {
    const asset = ASSETS[ctx.params.file];
    if (!asset) return next();
    ctx.status = 200;
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(path.join(distDir, asset.file));
  });

  const ui = koaSwagger({
    routePrefix: '/v1/docs',
    title: 'Honduran invoicing service API',
    swaggerCdnUrl: ASSETS_PREFIX,
    swaggerVersion: 'dist',
    hideTopbar: true,
    swaggerOptions: { url: '/v1/docs-yaml' },
  });
  router.get('/v1/docs', ui);
}
