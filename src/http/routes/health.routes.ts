import type { Readiness } from '../../db/database-readiness.service';
import type Router from '@koa/router';

/** The operations of health; their OpenAPI description is in ../openapi/health.paths.ts. */
export function registerHealthRoutes(router: Router, probes: { pdfAvailable: () => boolean; ready: () => Promise<Readiness> }): void {
  router.get('/v1/health', (ctx) => {
    ctx.status = 200;
    // Still 'ok' without LibreOffice: invoices are issued, only their PDFs wait (decision 17).
    ctx.body = { status: 'ok', details: { pdf: probes.pdfAvailable() ? 'available' : 'unavailable' } };
  });
  router.get('/v1/ready', async (ctx) => {
    ctx.body = await probes.ready();
    ctx.status = 200;
  });
}
