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
  },
  responses: {
    ValidationFailed: errorCodes('VALIDATION_FAILED'),
    ClientBadRequest: errorCodes('VALIDATION_FAILED', 'INVALID_RTN_FORMAT'),
    ClientConflict: errorCodes('UQ_CLIENT_CODE_COMPANY'),
    Unauthorized: errorCodes('MISSING_API_KEY', 'INVALID_API_KEY'),
    Forbidden: errorCodes('INTEGRATION_NOT_ENABLED'),
    PayloadTooLarge: errorCodes('PAYLOAD_TOO_LARGE'),
    InternalError: errorCodes('INTERNAL_ERROR'),
  },
};
