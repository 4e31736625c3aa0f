import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, createApiClient } from '../client/api-client';
import { API_TYPES_FILE, generateApiTypes } from '../client/generate-api-types';
import { productData, sellingCompany } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The whole integration as an ERP runs it, over real HTTP on a listening port, through the
 * typed client generated from /v1/docs-yaml (openapi-typescript + openapi-fetch): every path,
 * parameter and body below is checked by the compiler against the document.
 */
describe('an ERP using the generated client', () => {
  let t: TestApp;
  let server: Server;
  let api: ApiClient;
  const order = {
    purchaseOrderNumber: 'OC-2026-0042',
    items: [
      { externalProductId: 'SKU-ARROZ', quantity: 2 },
      { externalProductId: 'SKU-CERVEZA', quantity: 6 },
    ],
  };

  beforeAll(async () => {
    t = await createTestApp({ pdf: true });
    // 2 x 100.00 at 15 % and 6 x 35.50 less 10 % at 18 %: importe 413.00, discounts 21.30.
    const { auth } = await setUpCompany(
      t,
      sellingCompany({
        products: [
          productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
          productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
        ],
        discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
      }),
    );
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const apiKey = auth.Authorization.replace(/^Bearer /, '');
    api = createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('uses types generated from the document the service serves (else: npm run gen:client)', async () => {
    const served = await t.http.get('/v1/docs-yaml').expect(200);
    expect(generateApiTypes(served.text)).toBe(readFileSync(API_TYPES_FILE, 'utf8'));
  });

  it('registers a client, previews, issues, retries, reads and downloads the invoice', async () => {
    const health = await api.GET('/v1/health');
    expect(health.data?.status).toBe('ok');

    const created = await api.POST('/v1/clients', {
      body: { clientName: 'Ferretería El Martillo', email: 'compras@elmartillo.hn', legalId: '08019012345678' },
    });
    expect(created.response.status).toBe(201);
    const clientId = created.data?.id;
    const sale = { ...order, clientId };

    const preview = await api.POST('/v1/invoices/preview', { body: sale });
    expect(preview.data).toMatchObject({ preview: true, clientId, importe: 413, discountTotal: 21.3 });

    const key = { header: { 'Idempotency-Key': 'erp-order-10042' } };
    const issued = await api.POST('/v1/invoices', { params: key, body: sale });
    expect(issued.response.status).toBe(201);
    const invoice = issued.data;
    expect(invoice).toMatchObject({ invoiceNumber: 1, fiscalNumber: '000-001-01-00000001', replayed: false, total: preview.data?.total });
    if (!invoice) throw new Error('no invoice');

    // The ERP timed out and sends the same order again: the same invoice comes back.
    const retried = await api.POST('/v1/invoices', { params: key, body: sale });
    expect(retried.response.status).toBe(201);
    expect(retried.data).toMatchObject({ id: invoice.id, invoiceNumber: 1, replayed: true });

    const changed = await api.POST('/v1/invoices', { params: key, body: { ...sale, items: [sale.items[0]] } });
    expect(changed.error?.code).toBe('IDEMPOTENCY_KEY_REQUEST_MISMATCH');

    const read = await api.GET('/v1/invoices/{id}', { params: { path: { id: invoice.id } } });
    expect(read.data).toMatchObject({ id: invoice.id, total: invoice.total, replayed: false, pdfBase64: null });

    const pdf = await api.GET('/v1/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'arrayBuffer' });
    if (t.pdfRenderer.isAvailable()) {
      expect(pdf.response.status).toBe(200);
      expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(pdf.data as ArrayBuffer)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } else {
      // Without LibreOffice the invoice stands and the PDF is a retryable 503.
      expect(pdf.response.status).toBe(503);
    }
  });
});
