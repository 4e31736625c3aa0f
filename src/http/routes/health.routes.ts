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
export function registerHealthRoutes(router: Router, probes: { pdfAvailable: () => boolean }): void {
  router.get('/v1/health', (ctx) => {
    ctx.status = 200;
    // Still 'ok' without LibreOffice: invoices are issued, only their PDFs wait (DESIGN section 11).
    ctx.body = { status: 'ok', details: { pdf: probes.pdfAvailable() ? 'available' : 'unavailable' } };
  });
}
