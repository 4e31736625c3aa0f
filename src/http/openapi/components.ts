/**
 * Shared OpenAPI components. Paths are documented by the `@openapi` blocks beside each route;
 * the schemas they reference live here, typed, next to the error responses they share.
 */
const errorCodes = (...codes: string[]) => ({
  description: `One of: ${codes.join(', ')}.`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const components = {
  securitySchemes: {
    bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>. The key identifies the company.' },
  },
  schemas: {
    Health: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok'] } },
    },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'Stable, machine-readable; logic must use this.', example: 'VALIDATION_FAILED' },
        message: { type: 'string', description: 'Human-readable; wording may change without notice.' },
      },
    },
    ClientCreateRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['clientName', 'email'],
      properties: {
        clientName: { type: 'string', minLength: 1, maxLength: 255, example: 'Fundación Ejemplo' },
        email: { type: 'string', format: 'email', maxLength: 255, example: 'compras@fundacion.hn' },
        legalId: { type: 'string', nullable: true, pattern: '^\\d{14}$', maxLength: 32, description: 'The RTN: exactly 14 digits. Needed for exonerated invoices.', example: '08019000000001' },
        phone: { type: 'string', nullable: true, maxLength: 32, example: '+504 2222-0000' },
        address: { type: 'string', nullable: true, maxLength: 255, example: 'Col. Palmira, Tegucigalpa' },
      },
    },
    Client: {
      type: 'object',
      required: ['id', 'clientName', 'email', 'legalId', 'phone', 'address', 'createdAt'],
      properties: {
        id: { type: 'integer', description: 'Used as clientId when creating invoices.', example: 17 },
        clientName: { type: 'string' },
        email: { type: 'string' },
        legalId: { type: 'string', nullable: true },
        phone: { type: 'string', nullable: true },
        address: { type: 'string', nullable: true },
        createdAt: { type: 'string', format: 'date-time' },
      },
    },
    ClientList: {
      type: 'object',
      required: ['clients', 'count'],
      properties: {
        clients: { type: 'array', items: { $ref: '#/components/schemas/Client' }, description: 'Ordered by name, A to Z.' },
        count: { type: 'integer', description: 'Total clients of the company, not the page size.' },
      },
    },
    InvoiceItem: {
      type: 'object',
      additionalProperties: false,
      required: ['externalProductId', 'quantity'],
      properties: {
        externalProductId: { type: 'string', minLength: 1, maxLength: 255, description: "Caller's own product id, mapped by the operator to a catalog product.", example: 'SKU-1' },
        quantity: { type: 'number', exclusiveMinimum: true, minimum: 0, maximum: 1000000, multipleOf: 0.0001, example: 2 },
        price: {
          type: 'number', minimum: 0, maximum: 999999999.9999, multipleOf: 0.0001,
          description: 'Unit price in lempiras, without taxes; replaces the price-list price for this line of this invoice only.',
        },
      },
    },
    InvoiceCreateRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['items'],
      properties: {
        items: { type: 'array', minItems: 1, maxItems: 1000, items: { $ref: '#/components/schemas/InvoiceItem' } },
        clientId: { type: 'integer', minimum: 1, nullable: true, description: 'Omit for a sale without a registered client; required when the sale is exonerated.' },
        invoiceDate: { type: 'string', format: 'date-time', nullable: true, description: 'Defaults to now; must be today in Honduras (America/Tegucigalpa).' },
        purchaseOrderNumber: { type: 'string', maxLength: 255, nullable: true },
        isCredit: { type: 'boolean', nullable: true, description: 'Only false is supported in v1; true gives 422 EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED.' },
      },
    },
    TaxEntry: {
      type: 'object',
      required: ['rate', 'taxAmount', 'taxedAmount'],
      properties: {
        rate: { type: 'number', description: 'ISV percentage', example: 15 },
        taxAmount: { type: 'number', description: 'Tax charged at this rate' },
        taxedAmount: { type: 'number', description: 'Taxable base for this rate' },
      },
    },
    InvoiceLine: {
      type: 'object',
      required: ['externalProductId', 'quantity', 'unitPrice', 'importe', 'discountAmount', 'subTotal', 'exemptAmount'],
      properties: {
        externalProductId: { type: 'string', nullable: true },
        quantity: { type: 'number' },
        unitPrice: { type: 'number', description: 'Billed unit price without taxes' },
        importe: { type: 'number', description: 'unitPrice x quantity, before discount' },
        discountAmount: { type: 'number' },
        subTotal: { type: 'number', description: 'Line total after discount, before taxes' },
        exemptAmount: { type: 'number', nullable: true, description: 'Computed in previews; null in invoice responses.' },
      },
    },
    InvoicePreview: {
      type: 'object',
      required: ['preview', 'invoiceDate', 'clientId', 'importe', 'discountTotal', 'exemptedAmount', 'exoneratedAmount', 'totalTaxes', 'total', 'totalInLetters', 'appliedDollarExchangeRate', 'taxBreakdown', 'lines', 'pdfBase64'],
      properties: {
        preview: { type: 'boolean', enum: [true] },
        invoiceDate: { type: 'string', format: 'date-time' },
        clientId: { type: 'integer', nullable: true },
        importe: { type: 'number', description: 'Sum of line importe, before discounts' },
        discountTotal: { type: 'number' },
        exemptedAmount: { type: 'number', description: 'Amount not subject to ISV (exempt goods)' },
        exoneratedAmount: { type: 'number', description: 'Amount covered by an exoneration' },
        totalTaxes: { type: 'number' },
        total: { type: 'number', description: 'Grand total' },
        totalInLetters: { type: 'string', example: 'MIL CIENTO CINCUENTA LEMPIRAS CON 50/100' },
        appliedDollarExchangeRate: { type: 'number', nullable: true, description: 'Lempiras per USD applied; null if no line was priced in dollars.' },
        taxBreakdown: { type: 'array', items: { $ref: '#/components/schemas/TaxEntry' } },
        lines: { type: 'array', items: { $ref: '#/components/schemas/InvoiceLine' } },
        pdfBase64: { type: 'string', nullable: true, description: 'A4 PDF marked SIN VALIDEZ FISCAL, CAI masked; null only if it could not be rendered.' },
      },
    },
  },
  responses: {
    ValidationFailed: errorCodes('VALIDATION_FAILED'),
    ClientBadRequest: errorCodes('VALIDATION_FAILED', 'INVALID_RTN_FORMAT'),
    ClientConflict: errorCodes('UQ_CLIENT_CODE_COMPANY'),
    Unauthorized: errorCodes('MISSING_API_KEY', 'INVALID_API_KEY'),
    Forbidden: errorCodes('INTEGRATION_NOT_ENABLED'),
    PayloadTooLarge: errorCodes('PAYLOAD_TOO_LARGE'),
    InternalError: errorCodes('INTERNAL_ERROR'),
    InvoiceBadRequest: errorCodes(
      'VALIDATION_FAILED', 'INVALID_NUMBER', 'INVALID_REQUEST', 'EXTERNAL_INVOICE_NO_ITEMS', 'ITEM_MISSING_PRODUCT_REFERENCE',
      'ITEM_AMBIGUOUS_PRODUCT_REFERENCE', 'PRODUCT_NOT_FOUND', 'EXTERNAL_INVOICE_CLIENT_NOT_FOUND',
      'EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT', 'EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN',
    ),
    PreviewConflict: errorCodes(
      'INTEGRATION_MISSING_EMISSION_POINT', 'INTEGRATION_EMISSION_POINT_NOT_FOUND', 'INTEGRATION_MISSING_CREATOR_USER',
      'INTEGRATION_MISSING_PRICE_TYPE', 'PRICE_NOT_FOUND', 'EXCHANGE_RATE_NOT_FOUND', 'INVALID_TAX_RATE',
      'DISCOUNT_POLICY_NOT_FOUND', 'DISCOUNT_POLICY_UNAVAILABLE', 'INVALID_DISCOUNT_POLICY',
    ),
    CreditNotSupported: errorCodes('EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED'),
  },
};
