import type { Response, Test } from 'supertest';
import { ApiContract, apiContract } from './api-contract';

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * Wraps a supertest agent so that every response it receives is checked against the OpenAPI
 * document (ApiContract) before the test sees it: a test awaiting a request fails when the
 * response is not what the document says, whatever the test itself asserts.
 */
export function withContractChecks<T extends object>(agent: T, contract: ApiContract = apiContract()): T {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !METHODS.has(property) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]): Test =>
        (value as (url: string, ...rest: unknown[]) => Test)
          .call(target, url, ...rest)
          .expect((res: Response) => contract.assertResponse(property, url, res));
    },
  });
}
