import type { Readiness } from '../../services/database-readiness.service';
import type Router from '@koa/router';

/**
 * @openapi
 * /v1/health:
 *   get:
 *     operationId: getHealth
 *     tags: [Health]
 *     summary: Liveness check
 *     description: Needs no credential, so that an API outage can be told from a wrong credential.
 *     security: []
 *     responses:
 *       200:
 *         description: The service is up.
 *         content:
 *           application/json:
 *             schema:
 *               $ref: '#/components/schemas/Health'
 */
/**
 * @openapi
 * /v1/ready:
 *   get:
 *     operationId: getReadiness
 *     tags: [Health]
 *     summary: Readiness check for load balancers
 *     description: >-
 *       200 when this instance can serve: its database answers and, on a Galera cluster, its node is
 *       Synced and ready. Otherwise 503 SERVICE_UNAVAILABLE with Retry-After (database down or
 *       too slow, node joining, donor, desynced or outside the primary component): send traffic to
 *       another instance. Unlike /v1/health (the process is up), this follows the database.
 *     security: []
 *     responses:
 *       200:
 *         description: The instance can serve requests.
 *         content:
 *           application/json:
 *             schema:
 *               $ref: '#/components/schemas/Readiness'
 *       503:
 *         $ref: '#/components/responses/NotReady'
 */
export function registerHealthRoutes(router: Router, probes: { pdfAvailable: () => boolean; ready: () => Promise<Readiness> }): void {
  router.get('/v1/health', (ctx) => {
    ctx.status = 200;
    // Still 'ok' without LibreOffice: invoices are issued, only their PDFs wait (DESIGN section 11).
    ctx.body = { status: 'ok', details: { pdf: probes.pdfAvailable() ? 'available' : 'unavailable' } };
  });
  router.get('/v1/ready', async (ctx) => {
    ctx.body = await probes.ready();
    ctx.status = 200;
  });
}
