import path from 'node:path';
import swaggerJsdoc from 'swagger-jsdoc';
import { components } from './components';

/**
 * The OpenAPI 3 document, generated from the `@openapi` blocks beside the routes (SPEC section 4:
 * generated from the code) plus the shared components.
 */
export function buildOpenApiDocument(): object {
  return swaggerJsdoc({
    definition: {
      openapi: '3.0.3',
      info: {
        title: 'Honduran invoicing service',
        version: '1.0.0',
        description:
          'Issues legally valid Honduran sales invoices (CAI range, ISV, RTN) for one company per API key. ' +
          'Every error is {code, message}; logic must use code and the HTTP status. Only 5xx responses and ' +
          'network errors are retried, with backoff and the same Idempotency-Key.',
      },
      servers: [{ url: '/' }],
      security: [{ bearerAuth: [] }],
      components,
    },
    apis: [path.join(__dirname, '..', 'routes', '*.routes.{ts,js}')],
  });
}
