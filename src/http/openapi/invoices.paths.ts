import { openApiPaths } from './openapi-paths';

/** The OpenAPI paths of /v1/invoices and its sub-paths: the operations' requests, answers and descriptions. */
export const INVOICE_PATHS = openApiPaths(`
/v1/invoices/preview:
  post:
    operationId: previewInvoice
    tags: [Invoices]
    summary: Compute and render an invoice without issuing it
    description: >-
      Computes and renders the document with the company's real configuration (products,
      price list, ISV rates, letterhead), using the same engine and template as a real
      invoice, then discards it. It consumes no CAI, does not advance the number sequence,
      writes nothing, and takes no Idempotency-Key; it may be repeated freely. The PDF is
      marked SIN VALIDEZ FISCAL, with the CAI masked, and must not be given to an end
      customer. It does not require a payment terminal to be configured. Same body rules as
      POST /v1/invoices, including items.price, the isCredit rejection, the exonerated buyer's
      references and the identified buyer above the final-consumer threshold.
    requestBody:
      $ref: '#/components/requestBodies/InvoiceCreate'
    responses:
      200:
        description: The computed invoice and its PDF marked SIN VALIDEZ FISCAL.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/InvoicePreview'
      400:
        $ref: '#/components/responses/PreviewBadRequest'
      409:
        $ref: '#/components/responses/PreviewConflict'
      413:
        $ref: '#/components/responses/PayloadTooLarge'
      422:
        $ref: '#/components/responses/CreditNotSupported'
/v1/invoices:
  post:
    operationId: issueInvoice
    tags: [Invoices]
    summary: Issue a legal invoice (idempotent by Idempotency-Key)
    description: >-
      Issues a legal invoice against the company's CAI range, consuming its next sequential
      number. Invoice creation is idempotent by header, because duplicates are a compliance
      problem: a new Idempotency-Key issues an invoice (201, replayed false); the same key and
      the same body return the original invoice with replayed true (201) and issue nothing;
      the same key and a different body are 409 IDEMPOTENCY_KEY_REQUEST_MISMATCH and issue
      nothing. A request that failed binds no key, so the same key can be sent again once the
      cause is fixed. Keys are kept about 24 hours; after that, check in the operator's
      application whether the invoice exists before trying again.


      Requires the company's default emission point, creator user, price list and payment
      terminal (else 409 INTEGRATION_MISSING_*) and a CAI range with numbers left whose
      deadline has not passed (else 409 CAI_RANGE_EXHAUSTED or CAI_EXPIRED).


      What the law asks of the document (Acuerdo 481-2017): a sale whose total exceeds the
      final-consumer threshold (L 10,000.00 unless the operator configured another amount)
      needs a clientId whose client has an RTN, or a buyer named and identified by an RTN,
      DNI, passport or resident's card, printed as the client (else 400
      EXTERNAL_INVOICE_BUYER_ID_REQUIRED, checked before any number is taken); an exonerated sale prints the buyer's references
      (exemptPurchaseOrderNumber, the client's exoneration certificate and Registro SAG
      number) and needs at least one of them (else 400
      EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE). Every copy of the PDF (replays, GET
      /v1/invoices/{id}/pdf) is printed with the letterhead the invoice was issued with.


      Retry only 5xx
      responses, timeouts and network errors, with backoff and the same key and body.
    parameters:
      - $ref: '#/components/parameters/IdempotencyKey'
    requestBody:
      $ref: '#/components/requestBodies/InvoiceCreate'
    responses:
      201:
        description: >-
          The invoice: issued now (replayed false), or the original one of an earlier request
          with the same key and body (replayed true; no second invoice was issued).
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Invoice'
      400:
        $ref: '#/components/responses/IssueBadRequest'
      409:
        $ref: '#/components/responses/IssueConflict'
      413:
        $ref: '#/components/responses/PayloadTooLarge'
      422:
        $ref: '#/components/responses/CreditNotSupported'
/v1/invoices/{id}:
  get:
    operationId: getInvoice
    tags: [Invoices]
    summary: Read an issued invoice
    description: >-
      Reads an issued invoice, scoped to the caller's company: an id of another company
      gives the same 404 as a nonexistent id. Only the internal id works; an invoice cannot
      be looked up by invoiceNumber and there is no listing. Returns replayed false and
      pdfBase64 null; isAnnulled shows an annulment made in the operator's application.
    parameters:
      - $ref: '#/components/parameters/InvoiceId'
    responses:
      200:
        description: The invoice.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Invoice'
      404:
        $ref: '#/components/responses/InvoiceNotFound'
/v1/invoices/{id}/pdf:
  get:
    operationId: getInvoicePdf
    tags: [Invoices]
    summary: Download the invoice PDF
    description: >-
      Generates the A4 PDF at request time, with the CAI, the authorized range and the issue
      deadline (fecha límite de emisión); an annulled invoice is marked ANULADA. It is printed
      with the template and logo the invoice was issued with, so every copy is identical to
      the original whatever letterhead the company uses today. Same scoping
      and errors as GET /v1/invoices/{id}. When the PDF cannot be generated right now the
      answer is a retryable 503.
    parameters:
      - $ref: '#/components/parameters/InvoiceId'
    responses:
      200:
        description: The PDF.
        headers:
          Content-Disposition:
            description: inline, with the file name factura-<fiscalNumber>.pdf
            schema: { type: string, example: 'inline; filename="factura-000-001-01-00000001.pdf"' }
        content:
          application/pdf:
            schema: { type: string, format: binary }
      404:
        $ref: '#/components/responses/InvoiceNotFound'
      503:
        $ref: '#/components/responses/PdfUnavailable'
`);
