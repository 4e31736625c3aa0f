import { MikroORM, RequestContext } from '@mikro-orm/mysql';
import type { Middleware } from 'koa';

/** Each request gets its own unit of work; the returned promise keeps it for the whole request. */
export function ormContext(orm: MikroORM): Middleware {
  return (_ctx, next) => RequestContext.create(orm.em, next);
}
