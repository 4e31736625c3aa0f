import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

/**
 * The floor of a request: a bare Koa app answering a small JSON body, no middleware, no
 * database. Started as its own process by the bench, like the service, so both pay for HTTP
 * parsing and one event loop. Prints {"port":N} once listening.
 */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
