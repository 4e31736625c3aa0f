import createClient, { type Middleware } from 'openapi-fetch';
import { ApiContract, apiContract } from '../support/contract/api-contract';
import type { paths } from './api-types';

/** The typed client an ERP would use, generated from /v1/docs-yaml (api-types.ts). */
export type ApiClient = ReturnType<typeof createClient<paths>>;

/**
 * Checks every response against the OpenAPI document, as the supertest agent of the test app
 * does, so the end-to-end flow proves the contract too. A clone is read: the caller still
 * gets the untouched response.
 */
function contractChecks(contract: ApiContract): Middleware {
  return {
    async onResponse({ request, response }) {
      const copy = response.clone();
      const type = copy.headers.get('content-type') ?? '';
      const body: unknown = type.startsWith('application/json') ? await copy.json() : Buffer.from(await copy.arrayBuffer());
      const url = new URL(request.url);
      contract.assertResponse(request.method, url.pathname + url.search, {
        status: copy.status,
        headers: Object.fromEntries(copy.headers.entries()),
        body,
      });
      return undefined;
    },
  };
}

/** A client for the service at `baseUrl` that sends `apiKey` as its bearer key. */
export function createApiClient(baseUrl: string, apiKey: string, contract: ApiContract = apiContract()): ApiClient {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  client.use(contractChecks(contract));
  return client;
}
