import type { Actor } from '../domain/actor';
import { AppError } from '../domain/app-error';
import { parseId } from '../domain/operator-arguments';
import type { SessionOperator, VisibleCompany } from '../services/access';
import type { ConsoleContext } from './console-state';

/**
 * What a page handler asks of its request. Anything outside the operator's role or companies is
 * the same 404 as an unknown path, so a page never tells whether something it hides exists.
 */
export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such page');
}

/** The signed-in operator (the guard has sent every request without one to /login). */
export function operatorOf(ctx: ConsoleContext): SessionOperator {
  const operator = ctx.state.session?.operator;
  if (!operator) throw notFound();
  return operator;
}

/** Who the activity trail records a change made by this request under: the signed-in operator. */
export function actorOf(ctx: ConsoleContext): Actor {
  return { kind: 'operator', email: operatorOf(ctx).email };
}

/**
 * The company named by the path's `:code`: the router has found it among the operator's before
 * any handler runs (router.ts), and answered 404 otherwise.
 */
export function companyOf(ctx: ConsoleContext): VisibleCompany {
  const { company } = ctx.state;
  if (!company) throw notFound();
  return company;
}

/** The company of a page only administrators see: for anyone else, the 404 of an unknown path. */
export function adminCompanyOf(ctx: ConsoleContext): VisibleCompany {
  if (operatorOf(ctx).role !== 'admin') throw notFound();
  return companyOf(ctx);
}

/** The `{id}` of a path: the id the API and the CLI print; anything else is the page that does not exist. */
export function pathId(ctx: ConsoleContext): number {
  if (!/^\d{1,10}$/.test(ctx.params.id ?? '')) throw notFound();
  return parseId(ctx.params.id, 'id');
}

/** A POSTed form field, trimmed; '' when absent. */
export function formField(ctx: ConsoleContext, name: string): string {
  return (ctx.state.form[name] ?? '').trim();
}
