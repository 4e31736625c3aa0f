import { openApiPaths } from './openapi-paths';

/** The OpenAPI paths of /v1/docs-yaml and /v1/docs: the operations' requests, answers and descriptions. */
export const DOCS_PATHS = openApiPaths(`
/v1/docs-yaml:
  get:
    operationId: getOpenApiDocument
    tags: [Documentation]
    summary: This OpenAPI document, as YAML
    description: >-
      The OpenAPI 3 document of this API, generated from the service's code, so it always
      matches the running version. Needs no credential. Feed it to a client generator or a
      validating proxy.
    security: []
    responses:
      200:
        description: The OpenAPI 3 document generated from the code.
        content:
          application/yaml:
            schema: { type: string }
/v1/docs:
  get:
    operationId: getApiDocsUi
    tags: [Documentation]
    summary: Interactive documentation (Swagger UI)
    description: >-
      A Swagger UI page that renders this document and lets a developer try each operation
      with an API key. Needs no credential and no internet (its assets are served by the
      service itself).
    security: []
    responses:
      200:
        description: An HTML page rendering this document; works without internet.
        headers:
          Content-Security-Policy:
            description: >-
              Scripts, styles and requests from this service only (the page's inline script and
              styles by their hashes), and frame-ancestors 'none': the page is never framed.
            required: true
            schema: { type: string }
        content:
          text/html:
            schema: { type: string }
`);
