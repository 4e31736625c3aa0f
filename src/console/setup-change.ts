import type { ErrorCode } from '../domain/error-codes';
import { type CompanySetupService, type SetupDocument, SetupValidationError } from '../services/company';
import type { VisibleCompany } from '../services/access';
import { companyPath } from './company-paths';
import type { ConsoleContext, ConsoleRouter } from './console-state';
import { actorOf, adminCompanyOf } from './page-tools';

/**
 * The entries one console form changes: sections of a setup document other than `company`, their
 * values as the form gave them (a number typed as words stays words): the setup rules check them.
 */
export type SetupEntries = Partial<Record<Exclude<keyof SetupDocument, 'company'>, unknown>>;

/** A form `admin apply`'s checks refused: which form, what was typed, and each `<path>: <reason>`. */
export interface FormRefusal {
  form: string;
  values: Record<string, string>;
  code: ErrorCode;
  problems: readonly string[];
}

/**
 * Applies what one form changes as a setup document naming only those entries, through the very
 * service `admin apply` runs (its checks, its messages, its one transaction and trail row), as the
 * signed-in operator. A refusal of the document's rules comes back as a FormRefusal for the page
 * to show beside the form, typed values kept; anything else is thrown to the error page.
 */
async function applyFromForm(
  setup: CompanySetupService,
  ctx: ConsoleContext,
  company: VisibleCompany,
  form: string,
  entries: SetupEntries,
): Promise<FormRefusal | null> {
  try {
    // Only the code: an update names the company and the entries it changes, nothing else.
    const document = { company: { code: company.code }, ...entries };
    await setup.apply(actorOf(ctx), document, ctx.state.now);
    return null;
  } catch (err) {
    if (!(err instanceof SetupValidationError)) throw err;
    return { form, values: { ...ctx.state.form }, code: err.code, problems: err.problems };
  }
}

/** A form's text field: trimmed, null when left empty (an optional setting cleared). */
export function optionalText(form: Record<string, string>, name: string): string | null {
  const value = (form[name] ?? '').trim();
  return value === '' ? null : value;
}

/**
 * A field left empty means "as stored": absent from the entry, so an existing entry keeps its value
 * and the setup rules refuse a new entry without a required one ("is required").
 */
export function requiredText(form: Record<string, string>, name: string): string | undefined {
  return optionalText(form, name) ?? undefined;
}

/** A checkbox: present means true. */
export function checked(form: Record<string, string>, name: string): boolean {
  return form[name] !== undefined;
}

/**
 * A whole number typed in a form: digits become the number the setup file would hold; anything
 * else is passed on as typed, for the setup rules to refuse with their own message.
 */
export function wholeNumberField(form: Record<string, string>, name: string): number | string | undefined {
  const value = requiredText(form, name);
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * An amount as the console prints it or as typed: `L 1,500.00`, `1,500.00` and `1500` are the
 * decimal string `1500.00`/`1500`; what is not an amount is passed on as typed, for the setup
 * rules to refuse (a negative, too many decimals, a word) with their own message.
 */
export function amountField(form: Record<string, string>, name: string): string | null {
  const value = optionalText(form, name);
  if (value === null) return null;
  const bare = value.replace(/^L\s*/i, '');
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare) ? bare.replace(/,/g, '') : bare;
}

/** A page that shows its setup forms, with the refusal of one of them when there is one. */
export type ShowSetupPage = (ctx: ConsoleContext, company: VisibleCompany, refusal?: FormRefusal) => Promise<void>;

/**
 * Adds the POST route of one setup form (administrators only): its entries applied, then a 303 to
 * `back` (a path under the company); refused by the setup rules, the page again with the refusal
 * beside the form (422), nothing changed.
 */
export function postSetupForm(
  router: ConsoleRouter,
  setup: CompanySetupService,
  route: { path: string; form: string; back: string[]; show: ShowSetupPage },
  entries: (form: Record<string, string>) => SetupEntries,
): void {
  router.post(route.path, async (ctx) => {
    const company = adminCompanyOf(ctx);
    const refusal = await applyFromForm(setup, ctx, company, route.form, entries(ctx.state.form));
    if (refusal) return route.show(ctx, company, refusal);
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, ...route.back));
  });
}
