import { ApiContract, ObservedResponse } from '../support/contract/api-contract';
import { buildOpenApiDocument } from '../../src/http/openapi/openapi-document';

const contract = new ApiContract(buildOpenApiDocument());
/** What every API answer carries (decision 66), with the type and request id of a JSON answer. */
const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'r-1',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** A real POST /v1/invoices answer (the README walkthrough), with the PDF cut short. */
function issuedInvoice(): Record<string, unknown> {
  return {
    id: 1,
    invoiceNumber: 1,
    fiscalNumber: '000-001-01-00000001',
    cai: '8F3D2A-71C94B-E05A6D-3B9F10-C2E847-5D',
    invoiceDate: '2026-11-22T02:24:42.852Z',
    clientId: 3,
    buyer: null,
    purchaseOrderNumber: 'OC-2026-0042',
    exemptPurchaseOrderNumber: null,
    importe: 465.5,
    discountTotal: 19.2,
    exemptedAmount: 94.5,
    exoneratedAmount: 0,
    totalTaxes: 57.95,
    total: 504.25,
    totalInLetters: 'QUINIENTOS CUATRO LEMPIRAS CON 25/100',
    appliedDollarExchangeRate: null,
    isPaid: true,
    isAnnulled: false,
    taxBreakdown: [
      { rate: 15, taxAmount: 26.85, taxedAmount: 179 },
      { rate: 18, taxAmount: 31.1, taxedAmount: 172.8 },
    ],
    lines: [
      { externalProductId: 'SKU-CAFE', quantity: 2, unitPrice: 89.5, importe: 179, discountAmount: 0, subTotal: 179, exemptAmount: null },
    ],
    replayed: false,
    pdfBase64: 'JVBERi0xLjYKJcOkw7zDtsOf',
  };
}

const response = (status: number, body: unknown, headers: Record<string, string> = JSON_HEADERS): ObservedResponse => ({
  status,
  headers,
  body,
});
const issue = (res: ObservedResponse) => contract.problems('post', '/v1/invoices', res);

describe('the contract checker', () => {
  it('accepts a response that matches the document', () => {
    expect(issue(response(201, issuedInvoice()))).toEqual([]);
  });

  it.each(['total', 'fiscalNumber', 'replayed', 'pdfBase64'])('fails when the required field %s is removed from an invoice', (field) => {
    const body = issuedInvoice();
    delete body[field];
    expect(issue(response(201, body))).toEqual([expect.stringContaining(`must have required property '${field}'`)]);
  });

  it('fails when a required field is removed deep inside a line', () => {
    const body = issuedInvoice();
    delete (body.lines as Record<string, unknown>[])[0].subTotal;
    expect(issue(response(201, body))).toEqual([expect.stringContaining("body/lines/0 must have required property 'subTotal'")]);
  });

  it('fails when the code adds a field the document does not list', () => {
    expect(issue(response(201, { ...issuedInvoice(), internalCost: 12 }))).toEqual([expect.stringContaining('internalCost')]);
  });

  it('fails on a wrong type or a null where the document allows none', () => {
    expect(issue(response(201, { ...issuedInvoice(), total: '504.25' }))).toEqual([expect.stringContaining('body/total must be number')]);
    expect(issue(response(201, { ...issuedInvoice(), invoiceNumber: null }))).not.toEqual([]);
  });

  it('fails on a status the operation does not document', () => {
    expect(issue(response(404, { code: 'NOT_FOUND', message: 'x' }))).toEqual([
      expect.stringContaining('status 404 is not documented for issueInvoice'),
    ]);
  });

  it('fails on an error code the response does not list, and on an error with extra fields', () => {
    expect(issue(response(409, { code: 'UQ_CLIENT_CODE_COMPANY', message: 'x' }))).toEqual([
      expect.stringContaining('must be equal to one of the allowed values'),
    ]);
    expect(issue(response(409, { code: 'CAI_EXPIRED', message: 'x', stack: 'at …' }))).toEqual([expect.stringContaining('stack')]);
    expect(issue(response(409, { code: 'CAI_EXPIRED', message: 'x' }))).toEqual([]);
  });

  it('fails without the X-Request-Id header, and on an undocumented content type', () => {
    const { 'x-request-id': _requestId, ...withoutRequestId } = JSON_HEADERS;
    expect(issue(response(201, issuedInvoice(), withoutRequestId))).toEqual(['issueInvoice 201: required header X-Request-Id missing']);
    expect(contract.problems('get', '/v1/invoices/1/pdf', response(200, {}, JSON_HEADERS))).toEqual([
      expect.stringContaining('content type "application/json" is not documented'),
    ]);
  });

  it('prefers the literal path over a template and checks unmatched routes as NOT_FOUND / METHOD_NOT_ALLOWED', () => {
    expect(contract.problems('post', '/v1/invoices/preview', response(200, issuedInvoice()))).not.toEqual([]);
    expect(contract.problems('get', '/v1/nothing', response(404, { code: 'NOT_FOUND', message: 'No route' }))).toEqual([]);
    expect(contract.problems('delete', '/v1/clients', response(405, { code: 'NOT_FOUND', message: 'x' }))).toEqual([
      'expected code METHOD_NOT_ALLOWED, got NOT_FOUND',
    ]);
    expect(contract.problems('get', '/v1/nothing', response(200, {}))).toEqual([
      expect.stringContaining('no documented operation matches'),
    ]);
  });

  it('documents each (operation, status) pair once', () => {
    const pairs = contract.documentedPairs();
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toEqual(expect.arrayContaining(['issueInvoice 201', 'getInvoicePdf 503', 'listClients 400']));
  });
});
