import Router from '@koa/router';
import type { Container } from 'inversify';
import { OperatorAccess } from '../services/access';
import type { ConsoleRouter, ConsoleState } from './console-state';
import { notFound, operatorOf } from './page-tools';
import { registerActivityPage } from './pages/activity.page';
import { registerCaiRangePages } from './pages/cai-range.page';
import { registerCatalogPages } from './pages/catalog.page';
import { registerCompanyPage } from './pages/company.page';
import { registerHomePage } from './pages/home.page';
import { registerKeysPages } from './pages/keys.page';
import { registerLetterheadPages } from './pages/letterhead.page';
import { registerLoginPages } from './pages/login.page';
import { registerClientsPages } from './pages/clients.page';
import { registerInvoicePages } from './pages/invoice.page';
import { registerInvoicesPage } from './pages/invoices.page';
import { registerNotePages } from './pages/note.page';
import { registerProductsPages } from './pages/products.page';
import { registerReportsPages } from './pages/reports.page';
import { registerSetupPages } from './pages/setup.page';

/** How a page module plugs in: it takes its services from the container and adds its routes. */
export type ConsolePages = (router: ConsoleRouter, container: Container) => void;

/**
 * Every page of the console, one module per page (or per page and the forms it posts) in
 * `pages/`. A new page is a new module here; the middleware in console-app.ts has already
 * checked the session, the role-free access and every POST's `_csrf` before its handler runs.
 */
const PAGES: ConsolePages[] = [
  registerLoginPages,
  registerHomePage,
  registerCompanyPage,
  registerKeysPages,
  registerLetterheadPages,
  registerActivityPage,
  registerInvoicesPage,
  registerInvoicePages,
  registerNotePages,
  registerClientsPages,
  registerReportsPages,
  registerSetupPages,
  registerCaiRangePages,
  registerProductsPages,
  registerCatalogPages,
];

export function buildConsoleRouter(container: Container): ConsoleRouter {
  const router = new Router<ConsoleState>();
  const access = container.get(OperatorAccess);
  // The company a path's `:code` names is resolved here, once, before any page's handler: one
  // that is not among the operator's is the 404 of an unknown path, so no page tells whether it
  // exists. Handlers read it with companyOf.
  router.param('code', async (code, ctx, next) => {
    const company = await access.company(operatorOf(ctx), code);
    if (!company) throw notFound();
    ctx.state.company = company;
    return next();
  });
  for (const register of PAGES) register(router, container);
  return router;
}
