/**
 * The API's resources as OpenAPI 3.0 schemas. Response objects list every field as required
 * because responses carry every field, null when it has no value (decision 25). They do not set
 * additionalProperties: false, since v1 may add response fields that clients must ignore;
 * the contract tests apply it themselves so that an undocumented field fails a test.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const amount = (description: string, example: number) => ({
  type: 'number',
  description: `${description} Lempiras, at most 2 decimals.`,
  example,
});
/** A document's PDF in base64, null when it could not be made (the description says when). */
const pdfBase64 = (description: string) => ({
  type: 'string',
  format: 'byte',
  nullable: true,
  example: 'JVBERi0xLjYKJcOkw7zDtsOf',
  description,
});
const dateTime = (description: string, example: string) => ({ type: 'string', format: 'date-time', description, example });

/** The six totals an invoice and a preview share (the same meaning in both). */
const totals = {
  importe: amount('Sum of line importe, before discounts.', 465.5),
  discountTotal: amount('Sum of line discounts.', 19.2),
  exemptedAmount: amount('Amount not subject to ISV (exempt goods).', 94.5),
  exoneratedAmount: amount("Amount covered by an exoneration; requires the client's RTN.", 0),
  totalTaxes: amount('Sum of the ISV of every rate.', 57.95),
  total: amount('Grand total paid: importe - discountTotal + totalTaxes.', 504.25),
};
const TOTAL_FIELDS = Object.keys(totals);

/** How a final consumer is identified without a registered client: in the request and in the answer alike. */
const buyerFields = {
  name: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    pattern: '\\S',
    description: 'Names and surnames, 1 to 255 characters after trimming; stored trimmed and printed as the client.',
    example: 'María José Rodríguez Pineda',
  },
  idType: {
    type: 'string',
    enum: ['RTN', 'DNI', 'PASAPORTE', 'CARNE_RESIDENTE'],
    description: 'The identity document: RTN, DNI (tarjeta de identidad), PASAPORTE or CARNE_RESIDENTE (carné de residente).',
    example: 'DNI',
  },
  idNumber: {
    type: 'string',
    pattern: '^[A-Za-z0-9]{5,20}$',
    description:
      'RTN: 14 digits, not all the same (else 400 INVALID_RTN_FORMAT); DNI: 13 digits; PASAPORTE and CARNE_RESIDENTE: 5 to 20 letters or digits (else 400 VALIDATION_FAILED). Printed in the RTN space: an RTN alone, another document as its type and number (DNI 0801199012345).',
    example: '0801199012345',
  },
};

const sharedInvoiceFields = {
  invoiceDate: dateTime('Date and time of the sale.', '2026-11-22T02:24:42.852Z'),
  clientId: { type: 'integer', nullable: true, description: 'The registered client, or null for a sale without one.', example: 3 },
  buyer: {
    type: 'object',
    nullable: true,
    required: ['name', 'idType', 'idNumber'],
    properties: buyerFields,
    description:
      'The final consumer identified in the request (buyer), as stored and printed; null for a sale to a client or to an unidentified consumer.',
    example: null,
  },
  purchaseOrderNumber: {
    type: 'string',
    nullable: true,
    description: "The caller's purchase-order reference, as recorded; null when none was sent.",
    example: 'OC-2026-0042',
  },
  exemptPurchaseOrderNumber: {
    type: 'string',
    nullable: true,
    example: null,
    description:
      'No. correlativo de la Orden de Compra Exenta of an exonerated sale, trimmed, as printed on the invoice; null when none was sent.',
  },
  ...totals,
  totalInLetters: {
    type: 'string',
    description: 'The total in Spanish words, upper case, cents as NN/100.',
    example: 'QUINIENTOS CUATRO LEMPIRAS CON 25/100',
  },
  appliedDollarExchangeRate: {
    type: 'number',
    nullable: true,
    description: 'Lempiras per USD applied; null if no line took a USD price-list price.',
    example: null,
  },
  taxBreakdown: {
    type: 'array',
    items: ref('TaxEntry'),
    description: 'One entry per distinct ISV rate with a taxable base, rate ascending; empty when nothing is taxed.',
  },
};
const SHARED_FIELDS = [
  'invoiceDate',
  'clientId',
  'buyer',
  'purchaseOrderNumber',
  'exemptPurchaseOrderNumber',
  ...TOTAL_FIELDS,
  'totalInLetters',
  'appliedDollarExchangeRate',
  'taxBreakdown',
  'lines',
];

export const schemas = {
  Health: {
    type: 'object',
    required: ['status', 'details'],
    properties: {
      status: { type: 'string', enum: ['ok'], description: 'ok whenever the service answers, with or without PDFs.', example: 'ok' },
      details: {
        type: 'object',
        description: 'What works right now. PDFs are unavailable without LibreOffice; invoices are still issued (pdfBase64 null).',
        required: ['pdf'],
        properties: { pdf: { type: 'string', enum: ['available', 'unavailable'], example: 'available' } },
      },
    },
  },
  Readiness: {
    type: 'object',
    required: ['status', 'details'],
    properties: {
      status: { type: 'string', enum: ['ready'], example: 'ready' },
      details: {
        type: 'object',
        required: ['database', 'galeraState'],
        properties: {
          database: { type: 'string', enum: ['available'], example: 'available' },
          galeraState: {
            type: 'string',
            nullable: true,
            description:
              "The Galera node's wsrep_local_state_comment (always Synced in a 200); null when the database is not a Galera node.",
            example: 'Synced',
          },
        },
      },
    },
  },
  ErrorResponse: {
    type: 'object',
    description: 'The body of every error under /v1, whatever the endpoint or status.',
    required: ['code', 'message'],
    additionalProperties: false,
    properties: {
      code: {
        type: 'string',
        description: 'Stable and machine-readable: logic must use this and the HTTP status.',
        example: 'VALIDATION_FAILED',
      },
      message: {
        type: 'string',
        description: 'Human-readable; its wording may change without notice and is not a contract.',
        example: 'email must be a valid e-mail address',
      },
    },
  },
  ClientCreateRequest: {
    type: 'object',
    description: 'Unknown fields are rejected (400 VALIDATION_FAILED). null for an optional field means "not given".',
    additionalProperties: false,
    required: ['clientName', 'email'],
    properties: {
      clientName: { type: 'string', minLength: 1, maxLength: 255, example: 'Ferretería El Martillo' },
      email: { type: 'string', format: 'email', maxLength: 255, example: 'compras@elmartillo.hn' },
      legalId: {
        type: 'string',
        nullable: true,
        maxLength: 32,
        pattern: '^[0-9]{14}$',
        example: '08019012345678',
        description:
          'The RTN: exactly 14 digits, not all the same digit, when present (else 400 INVALID_RTN_FORMAT). Needed to issue exonerated invoices for this client.',
      },
      phone: { type: 'string', nullable: true, maxLength: 32, example: '+504 2232-4455' },
      address: { type: 'string', nullable: true, maxLength: 255, example: 'Col. Palmira, Tegucigalpa' },
    },
  },
  ClientRecord: {
    type: 'object',
    required: ['id', 'clientName', 'email', 'legalId', 'phone', 'address', 'createdAt'],
    properties: {
      id: { type: 'integer', description: 'Used as clientId when creating invoices.', example: 3 },
      clientName: { type: 'string', example: 'Ferretería El Martillo' },
      email: { type: 'string', example: 'compras@elmartillo.hn' },
      legalId: { type: 'string', nullable: true, description: 'The RTN.', example: '08019012345678' },
      phone: { type: 'string', nullable: true, example: null },
      address: { type: 'string', nullable: true, example: null },
      createdAt: dateTime('When the client was registered.', '2026-11-22T02:24:39.806Z'),
    },
  },
  ClientList: {
    type: 'object',
    required: ['clients', 'count'],
    properties: {
      clients: { type: 'array', items: ref('ClientRecord'), description: 'Ordered by name, A to Z (then by id).' },
      count: { type: 'integer', description: 'Total clients of the company, not the page size.', example: 3 },
    },
  },
  InvoiceItem: {
    type: 'object',
    additionalProperties: false,
    required: ['externalProductId', 'quantity'],
    properties: {
      externalProductId: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        example: 'SKU-CAFE',
        description:
          "The caller's own product id, mapped by the operator to a catalog product. Unmapped: 400 PRODUCT_NOT_FOUND; missing or empty: 400 ITEM_MISSING_PRODUCT_REFERENCE.",
      },
      quantity: {
        type: 'number',
        minimum: 0,
        exclusiveMinimum: true,
        maximum: 1000000,
        example: 2,
        description: 'Greater than 0, at most 4 decimals (else 400 INVALID_NUMBER).',
      },
      price: {
        type: 'number',
        minimum: 0,
        maximum: 999999999.9999,
        example: 85,
        description:
          'Optional unit price in lempiras without taxes, at most 4 decimals. Replaces the price-list price for this line of this invoice only; the catalog is not changed. ISV rate and exempt condition always come from the catalog product.',
      },
    },
  },
  InvoiceCreateRequest: {
    type: 'object',
    description:
      'What was sold. Taxes, invoice number and CAI are set by the service. Unknown fields are rejected (400 VALIDATION_FAILED).',
    additionalProperties: false,
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 1000,
        items: ref('InvoiceItem'),
        description: 'At least one line (else 400 EXTERNAL_INVOICE_NO_ITEMS).',
      },
      clientId: {
        type: 'integer',
        minimum: 1,
        nullable: true,
        example: 3,
        description:
          'The id returned by client creation. Omit for a sale without a registered client; required when the sale is exonerated.',
      },
      buyer: {
        type: 'object',
        nullable: true,
        additionalProperties: false,
        required: ['name', 'idType', 'idNumber'],
        properties: buyerFields,
        description:
          'A final consumer named and identified without a registered client (Acuerdo 481-2017 Art. 11 num. 2): above the final-consumer threshold, a sale needs this or a clientId whose client has an RTN. Only without clientId (both: 400 INVALID_REQUEST); a missing, bad or unknown field in it: 400 VALIDATION_FAILED naming the field. null means not given.',
      },
      invoiceDate: {
        type: 'string',
        format: 'date-time',
        nullable: true,
        example: '2026-11-21T20:24:00-06:00',
        description:
          'Defaults to the current date and time. Must fall on today in Honduras (America/Tegucigalpa); backdated and future dates are 400 VALIDATION_FAILED.',
      },
      purchaseOrderNumber: {
        type: 'string',
        maxLength: 255,
        nullable: true,
        example: 'OC-2026-0042',
        description: "The caller's purchase-order reference, recorded on the invoice.",
      },
      exemptPurchaseOrderNumber: {
        type: 'string',
        nullable: true,
        minLength: 1,
        maxLength: 64,
        pattern: '\\S',
        example: 'OCE-2026-000123',
        description:
          "No. correlativo de la Orden de Compra Exenta of an exonerated sale: 1 to 64 characters after trimming (empty, blank or longer: 400 VALIDATION_FAILED), stored trimmed and printed on the invoice. Only for a sale that is exonerated (by the client's exoneration, recorded by the operator, or the company's exonerated sales); on any other sale 400 INVALID_REQUEST, since it does not make a sale exonerated. An exonerated sale must print at least one of this number, the client's exoneration certificate or its Registro SAG number, else 400 EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE.",
      },
      isCredit: {
        type: 'boolean',
        nullable: true,
        example: false,
        description: 'Default false. true is rejected with 422 EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED (reserved for a future version).',
      },
    },
  },
  TaxEntry: {
    type: 'object',
    required: ['rate', 'taxAmount', 'taxedAmount'],
    properties: {
      rate: { type: 'number', description: 'ISV percentage.', example: 15 },
      taxAmount: amount('Tax charged at this rate.', 26.85),
      taxedAmount: amount('Taxable base for this rate.', 179),
    },
  },
  InvoiceLine: {
    type: 'object',
    required: ['externalProductId', 'quantity', 'unitPrice', 'importe', 'discountAmount', 'subTotal', 'exemptAmount'],
    properties: {
      externalProductId: { type: 'string', nullable: true, example: 'SKU-CAFE' },
      quantity: { type: 'number', description: 'At most 4 decimals.', example: 2 },
      unitPrice: { type: 'number', description: 'Billed unit price without taxes, lempiras, at most 4 decimals.', example: 89.5 },
      importe: amount('unitPrice x quantity, before discount.', 179),
      discountAmount: amount('Discount of the price-list discount policy.', 0),
      subTotal: amount('Line total after discount, before taxes.', 179),
      exemptAmount: {
        type: 'number',
        nullable: true,
        description: 'The computed exempt amount in previews; null in invoice responses (POST and GET /v1/invoices).',
        example: null,
      },
    },
  },
  Invoice: {
    type: 'object',
    description: 'An issued invoice (POST /v1/invoices, GET /v1/invoices/{id}).',
    required: ['id', 'invoiceNumber', 'fiscalNumber', 'cai', ...SHARED_FIELDS, 'isPaid', 'isAnnulled', 'replayed', 'pdfBase64'],
    properties: {
      id: {
        type: 'integer',
        description: 'Internal id, used in GET /v1/invoices/{id}. Store it: invoices cannot be looked up by number or listed.',
        example: 1,
      },
      invoiceNumber: { type: 'integer', description: 'Sequential number from the CAI range.', example: 1 },
      fiscalNumber: {
        type: 'string',
        pattern: '^[0-9]{3}-[0-9]{3}-01-[0-9]{8}$',
        description: 'The printed number EEE-PPP-01-NNNNNNNN (establishment, emission point, document type 01, number).',
        example: '000-001-01-00000001',
      },
      cai: {
        type: 'string',
        nullable: true,
        description: 'The authorization code under which it was issued.',
        example: '8F3D2A-71C94B-E05A6D-3B9F10-C2E847-5D',
      },
      ...sharedInvoiceFields,
      isPaid: { type: 'boolean', description: 'Always true in v1 (cash sales only).', example: true },
      isAnnulled: { type: 'boolean', description: "Annulment is done in the operator's application and can be read here.", example: false },
      lines: { type: 'array', items: ref('InvoiceLine') },
      replayed: {
        type: 'boolean',
        example: false,
        description:
          'true when the response repeats an earlier request with the same Idempotency-Key: no second invoice was issued, and it is a success. Always false in GET.',
      },
      pdfBase64: pdfBase64(
        'The A4 PDF, base64. Only in the POST response (including replays); always null in GET. null in POST if the PDF could not be generated although the invoice is valid: fetch it later from GET /v1/invoices/{id}/pdf.',
      ),
    },
  },
  InvoicePreview: {
    type: 'object',
    description: 'A computed invoice that was not issued: it has no id, invoiceNumber, cai or replayed.',
    required: ['preview', ...SHARED_FIELDS, 'pdfBase64'],
    properties: {
      preview: { type: 'boolean', enum: [true], description: 'Always true: not an invoice.', example: true },
      ...sharedInvoiceFields,
      lines: { type: 'array', items: ref('InvoiceLine'), description: 'exemptAmount carries the computed exempt amount.' },
      pdfBase64: pdfBase64(
        'A4 PDF in base64, marked SIN VALIDEZ FISCAL (no fiscal validity), CAI masked; must not be given to an end customer. null only if it could not be rendered (no LibreOffice).',
      ),
    },
  },
};
