import path from 'node:path';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
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

/** The CSP source expressions allowing exactly these inline pieces, by their SHA-256. */
const hashSources = (pieces: string[]): string =>
  pieces.map((piece) => `'sha256-${createHash('sha256').update(piece).digest('base64')}'`).join(' ');

const inlinePieces = (html: string, pattern: RegExp): string[] => [...html.matchAll(pattern)].map((match) => match[1]);

/**
 * The Content-Security-Policy of the Swagger UI page (decision 66): never framed (clickjacking);
 * scripts and styles from this service only, plus the page's own inline script, style element
 * and style attribute, allowed by their hashes (a changed page is allowed as it is served, and
 * nothing injected into it); images from here or data: URIs (the style sheet's icons); requests
 * ("Try it out", the document) to this service only. Everything else is refused, the web fonts
 * the page links to included.
 */
export function docsPagePolicy(html: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${hashSources(inlinePieces(html, /<script>([\s\S]*?)<\/script>/g))}`,
    `style-src 'self' ${hashSources(inlinePieces(html, /<style>([\s\S]*?)<\/style>/g))} 'unsafe-hashes' ${hashSources(inlinePieces(html, /\sstyle="([^"]*)"/g))}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the page's policy once the page is rendered; the page is the same on every request, so is its policy. */
function docsPageSecurity(): Middleware {
  let known: { html: string; policy: string } | undefined;
  return async (ctx, next) => {
    await next();
    if (typeof ctx.body !== 'string') return;
    if (known?.html !== ctx.body) known = { html: ctx.body, policy: docsPagePolicy(ctx.body) };
    ctx.set({ 'Content-Security-Policy': known.policy, 'X-Frame-Options': 'DENY' });
  };
}

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
    // No validator badge: it would send the document's address to a third party (the policy refuses it anyway).
    swaggerOptions: { url: '/v1/docs-yaml', validatorUrl: null },
  });
  router.get('/v1/docs', docsPageSecurity(), ui);
}
