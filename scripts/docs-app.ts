import Router from '@koa/router';
import Koa from 'koa';
import { registerDocsRoutes } from '../src/http/routes/docs.routes';

/**
 * Just the service's documentation routes (/v1/docs, /v1/docs-yaml and the UI's assets), built
 * from the same code as the service but without a database, for developer scripts.
 */
export function docsOnlyApp(): Koa {
  const router = new Router();
  registerDocsRoutes(router);
  const app = new Koa();
  app.use(router.routes());
  return app;
}
