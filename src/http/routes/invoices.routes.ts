import type Router from '@koa/router';
import { issuedDocument } from '../../services/invoice-document';
import type { InvoicePdfService } from '../../services/invoice-pdf.service';
import type { InvoicePreviewService } from '../../services/invoice-preview.service';
import type { InvoiceReader } from '../../services/invoice-reader.service';
import type { InvoiceIssuer } from '../../services/issuing/invoice-issuer.service';
import { presentInvoice } from '../presenters/invoice.presenter';
import { presentPreview } from '../presenters/preview.presenter';
import { parseIdempotencyKey, parseInvoiceId } from '../schemas/invoice-params.schema';
import { parseInvoiceRequest } from '../schemas/invoice-request.schema';
import { principalOf, RouteGuards } from './route-context';

export interface InvoiceRouteServices {
  preview: InvoicePreviewService;
  issuer: InvoiceIssuer;
  reader: InvoiceReader;
  pdf: InvoicePdfService;
}

/**
 * @openapi
 * /v1/invoices/preview:
 *   post:
 *     operationId: previewInvoice
 *     tags: [Invoices]
 *     summary: Compute and render an invoice without issuing it
 *     description: >-
 *       Computes and renders the document with the company's real configuration (products,
 *       price list, ISV rates, letterhead), using the same engine and template as a real invoice,
 *       then discards it. It consumes no CAI, does not advance the number sequence, writes
 *       nothing and takes no Idempotency-Key; it may be repeated freely. The PDF is marked
 *       SIN VALIDEZ FISCAL, with the CAI masked, and must not be given to an end customer. It does
 *       not require a payment terminal. Same body rules as POST /v1/invoices.
 *     requestBody:
 *       required: true
 *       content:
 *         application/json:
 *           schema:
 *             $ref: '#/components/schemas/InvoiceCreateRequest'
 *     responses:
 *       200:
 *         description: The computed invoice and its PDF marked SIN VALIDEZ FISCAL.
 *         content:
 *           application/json:
 *             schema:
 *               $ref: '#/components/schemas/InvoicePreview'
 *       400:
 *         $ref: '#/components/responses/InvoiceBadRequest'
 *       401:
 *         $ref: '#/components/responses/Unauthorized'
 *       403:
 *         $ref: '#/components/responses/Forbidden'
 *       409:
 *         $ref: '#/components/responses/PreviewConflict'
 *       413:
 *         $ref: '#/components/responses/PayloadTooLarge'
 *       422:
 *         $ref: '#/components/responses/CreditNotSupported'
 *       500:
 *         $ref: '#/components/responses/InternalError'
 */
export function registerInvoiceRoutes(router: Router, guards: RouteGuards, services: InvoiceRouteServices): void {
  router.post('/v1/invoices/preview', guards.auth, async (ctx) => {
    const request = parseInvoiceRequest(ctx.request.body);
    const preview = await services.preview.preview(principalOf(ctx.state).companyId, request);
    ctx.status = 200;
    ctx.body = presentPreview(preview);
  });

  router.post('/v1/invoices', guards.auth, async (ctx) => {
    const principal = principalOf(ctx.state);
    const key = parseIdempotencyKey(ctx.get('Idempotency-Key'));
    const { invoice, replayed } = await services.issuer.issue(principal.companyId, key, ctx.request.body, (body) => parseInvoiceRequest(body));
    // Rendered after the commit, never under a lock; a failure leaves pdfBase64 null.
    const pdf = await services.pdf.renderOrNull(principal.companyCode, issuedDocument(invoice));
    ctx.status = 201;
    ctx.body = presentInvoice(invoice, { replayed, pdf });
  });

  router.get('/v1/invoices/:id', guards.auth, async (ctx) => {
    const invoice = await services.reader.get(principalOf(ctx.state).companyId, parseInvoiceId(ctx.params.id));
    ctx.status = 200;
    ctx.body = presentInvoice(invoice, { replayed: false, pdf: null });
  });

  router.get('/v1/invoices/:id/pdf', guards.auth, async (ctx) => {
    const principal = principalOf(ctx.state);
    const invoice = await services.reader.get(principal.companyId, parseInvoiceId(ctx.params.id));
    const pdf = await services.pdf.render(principal.companyCode, issuedDocument(invoice));
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="factura-${invoice.fiscalNumber}.pdf"`);
    ctx.body = pdf;
  });
}
