import { openApiPaths } from './openapi-paths';

/** The OpenAPI paths of /v1/health and /v1/ready: the operations' requests, answers and descriptions. */
export const HEALTH_PATHS = openApiPaths(`
/v1/health:
  get:
    operationId: getHealth
    tags: [Health]
    summary: Liveness check
    description: Needs no credential, so that an API outage can be told from a wrong credential.
    security: []
    responses:
      200:
        description: The service is up.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Health'
/v1/ready:
  get:
    operationId: getReadiness
    tags: [Health]
    summary: Readiness check for load balancers
    description: >-
      200 when this instance can serve: its database answers and, on a Galera cluster, its node is
      Synced and ready. Otherwise 503 SERVICE_UNAVAILABLE with Retry-After (database down or
      too slow, node joining, donor, desynced or outside the primary component): send traffic to
      another instance. Unlike /v1/health (the process is up), this follows the database.
    security: []
    responses:
      200:
        description: The instance can serve requests.
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Readiness'
      503:
        $ref: '#/components/responses/NotReady'
`);
