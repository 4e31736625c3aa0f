import type Router from '@koa/router';
import type { InvoicePdfService, InvoicePreviewService, InvoiceReader, InvoiceIssuer } from '../../services/sales';
import { presentInvoice } from '../presenters/invoice.presenter';
import { respondJsonOnce } from '../presenters/json-once';
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

/** The operations of invoices; their OpenAPI description is in ../openapi/invoices.paths.ts. */
export function registerInvoiceRoutes(router: Router, guards: RouteGuards, services: InvoiceRouteServices): void {
  router.post('/v1/invoices/preview', guards.apiKeyJson, async (ctx) => {
    const request = parseInvoiceRequest(ctx.request.body);
    const preview = await services.preview.preview(principalOf(ctx.state), request);
    ctx.status = 200;
    ctx.body = presentPreview(preview);
  });

  router.post('/v1/invoices', guards.apiKeyJson, async (ctx) => {
    const key = parseIdempotencyKey(ctx.get('Idempotency-Key'));
    // The body goes in raw with its parser, not parsed here: the issuer looks the key up first and
    // parses only for a new key, so a replay answers with the original invoice even when today's
    // rules would refuse the same body (an invoiceDate that was today yesterday).
    const { invoice, replayed, pdf } = await services.issuer.issue(principalOf(ctx.state), key, ctx.request.body, parseInvoiceRequest);
    ctx.status = 201;
    ctx.body = presentInvoice(invoice, { replayed, pdf });
  });

  router.get('/v1/invoices/:id', guards.apiKey, async (ctx) => {
    const invoice = await services.reader.getFor(principalOf(ctx.state), parseInvoiceId(ctx.params.id));
    ctx.status = 200;
    respondJsonOnce(ctx, invoice, () => presentInvoice(invoice, { replayed: false, pdf: null }));
  });

  router.get('/v1/invoices/:id/pdf', guards.apiKeyWithUnitOfWork, async (ctx) => {
    const principal = principalOf(ctx.state);
    const invoice = await services.reader.getFor(principal, parseInvoiceId(ctx.params.id));
    const pdf = await services.pdf.renderIssued(principal.companyCode, invoice);
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="factura-${invoice.fiscalNumber}.pdf"`);
    ctx.body = pdf;
  });
}
