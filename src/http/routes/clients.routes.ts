import type Router from '@koa/router';
import type { ClientService } from '../../services/sales';
import { presentClient } from '../presenters/client.presenter';
import { respondJsonOnce } from '../presenters/json-once';
import { parseClientCreate, parseClientListQuery } from '../schemas/client.schema';
import { principalOf, RouteGuards } from './route-context';

/** The operations of clients; their OpenAPI description is in ../openapi/clients.paths.ts. */
export function registerClientRoutes(router: Router, guards: RouteGuards, clients: ClientService): void {
  router.post('/v1/clients', guards.apiKeyJson, async (ctx) => {
    const input = parseClientCreate(ctx.request.body);
    const client = await clients.create(principalOf(ctx.state).companyId, input);
    ctx.status = 201;
    ctx.body = presentClient(client);
  });

  router.get('/v1/clients', guards.apiKey, async (ctx) => {
    const page = parseClientListQuery(ctx.query);
    const result = await clients.list(principalOf(ctx.state), page);
    ctx.status = 200;
    respondJsonOnce(ctx, result, () => ({ clients: result.clients.map(presentClient), count: result.count }));
  });
}
