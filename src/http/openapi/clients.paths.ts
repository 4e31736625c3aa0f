import { openApiPaths } from './openapi-paths';

/** The OpenAPI paths of /v1/clients: the operations' requests, answers and descriptions. */
export const CLIENT_PATHS = openApiPaths(`
/v1/clients:
  post:
    operationId: registerClient
    tags: [Clients]
    summary: Register a client of the company
    description: >-
      Registers a client in the key's company. Needed only for exonerated sales or to put a
      name on an invoice. Unknown fields are rejected (400 VALIDATION_FAILED). A client with
      the same code or RTN (legalId) in the company is a conflict (409), also when two
      requests race. A client the operator deleted holds no RTN: a new client may take it.
    requestBody:
      required: true
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/ClientCreateRequest'
    responses:
      201:
        description: The client was created. Its id is the clientId of invoices.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/ClientRecord'
      400:
        $ref: '#/components/responses/ClientBadRequest'
      409:
        $ref: '#/components/responses/ClientConflict'
      413:
        $ref: '#/components/responses/PayloadTooLarge'
  get:
    operationId: listClients
    tags: [Clients]
    summary: List the company's clients, by name A to Z
    description: >-
      Lists all clients of the company ordered by name A to Z. Pagination applies only when
      both page and limit are sent; with only one, it is ignored and the full list is
      returned. count is the company total; the number of pages is the ceiling of count
      divided by limit. No filter by RTN or name exists.
    parameters:
      - in: query
        name: page
        schema: { type: integer, minimum: 1, maximum: 2147483647, example: 1 }
        description: Page number, starting at 1; needs limit.
      - in: query
        name: limit
        schema: { type: integer, minimum: 1, maximum: 2147483647, example: 50 }
        description: Clients per page; needs page.
    responses:
      200:
        description: The clients (one page, or all) and the company total.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/ClientList'
      400:
        $ref: '#/components/responses/ListBadRequest'
`);
