import { EntityManager } from '@mikro-orm/mysql';
import { duplicateEntryDetail, isUniqueViolation } from '../../../db/unique-violation';
import { inject, injectable } from 'inversify';
import { TOKENS } from '../../../tokens';
import type { Actor } from '../../../domain/actor';
import { ActivityTrail } from '../../access';
import { AppError } from '../../../domain/app-error';
import { type ApplyCounts, countChanges, sectionsOf, type SetupChange } from './setup-changes';
import { checkClients } from './setup-client-checks';
import { completeFromStored, keysOf } from './setup-partial';
import { checkCaiOwnership, checkCaiRanges } from './setup-range-checks';
import { checkDuplicates, checkReferences } from './setup-references';
import { companyCodeOf, parseSetupDocument } from './setup-schema';
import { loadExistingSetup } from './setup-state';
import { ProblemList } from './setup-validation-error';
import { writeSetup } from './setup-writer';

export { SetupValidationError } from './setup-validation-error';

/** What an apply did (or, for a plan, would do): the counts and every entry changed, in the order written. */
export interface ApplySummary extends ApplyCounts {
  companyCode: string;
  changes: SetupChange[];
}

/** The trail names at most this many entries; a catalog upload can change thousands. */
const TRAIL_ENTRIES = 200;

/** Thrown inside a plan's transaction to roll back what the writer put in the unit of work. */
class PlanOnly extends Error {
  constructor(readonly summary: ApplySummary) {
    super('a plan writes nothing');
  }
}

/**
 * The setup service: the declarative, repeatable upsert of one company's setup (decision 30),
 * behind `admin apply`, the console's setup pages and the catalog spreadsheets alike. A document
 * (the setup file's form, already read from YAML, JSON or a spreadsheet) names the company by
 * `company.code` and the entries to create, change or delete; an existing company's document
 * needs only the entries it changes, and those only their keys and changed fields (decision 76).
 *
 * The whole document is checked first (shape, duplicates, references, numbering, CAI ownership)
 * and written in one transaction, so a document with any problem writes nothing. An apply that
 * changed something commits with one `setup-changed` row in the activity trail naming the entries
 * changed (never their values). Applying the same document again changes nothing and records
 * nothing.
 */
@injectable()
export class CompanySetupService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /**
   * Applies a setup document for `actor`.
   * @throws SetupValidationError listing every problem as `<path>: <reason>`; AppError SETUP_CONFLICT
   *   when a concurrent writer took a unique key first.
   */
  apply(actor: Actor, document: unknown, now = new Date()): Promise<ApplySummary> {
    return this.run(actor, document, now, false);
  }

  /**
   * What `apply` would change, by the same checks and the same writer, and nothing written: the
   * transaction it runs in is rolled back (`admin apply --dry-run`, the console's previews).
   * @throws SetupValidationError as `apply` does.
   */
  plan(actor: Actor, document: unknown, now = new Date()): Promise<ApplySummary> {
    return this.run(actor, document, now, true);
  }

  private async run(actor: Actor, document: unknown, now: Date, planOnly: boolean): Promise<ApplySummary> {
    // Without a well-formed company code nothing can be loaded; the schema says what is wrong.
    const companyCode = companyCodeOf(document) ?? parseSetupDocument(document).company.code;
    const raw = structuredClone(document) as Record<string, unknown>;
    try {
      return await this.em.transactional(async (em) => {
        const existing = await loadExistingSetup(em, keysOf(raw, companyCode));
        completeFromStored(raw, existing);
        const doc = parseSetupDocument(raw);
        const problems = new ProblemList();
        checkDuplicates(doc, problems);
        // A duplicate makes the other checks' findings about that entry moot: it is reported alone.
        problems.throwIfAny();
        checkReferences(doc, existing, problems);
        checkCaiRanges(doc, existing, problems);
        checkCaiOwnership(doc, existing, problems);
        checkClients(doc, existing, problems);
        problems.throwIfAny();
        const { changes, company } = writeSetup(em, doc, existing, now);
        const summary: ApplySummary = { companyCode, ...countChanges(changes), changes };
        if (planOnly) throw new PlanOnly(summary);
        await em.flush();
        if (changes.length > 0) {
          await this.trail.record(em, {
            actor,
            companyId: company.id,
            action: 'setup-changed',
            target: `company ${company.code}`,
            details: trailDetails(changes),
            at: now,
          });
        }
        return summary;
      });
    } catch (err) {
      if (err instanceof PlanOnly) return err.summary;
      // The checks above cover the unique indexes they can foresee; a concurrent writer can still win.
      if (isUniqueViolation(err)) {
        const detail = duplicateEntryDetail(err) ?? 'a unique index refused a row';
        throw new AppError('SETUP_CONFLICT', `the setup of ${companyCode} conflicts with an existing row (${detail}); nothing was written`);
      }
      throw err;
    }
  }
}

/** The counts, by section, and the entries changed by name (`update product P-ARROZ`), the first TRAIL_ENTRIES of them. */
function trailDetails(changes: readonly SetupChange[]): Record<string, unknown> {
  const entries = changes.slice(0, TRAIL_ENTRIES).map((c) => `${c.action} ${c.entry}`);
  const more = changes.length - entries.length;
  return { ...countChanges(changes), sections: sectionsOf(changes), entries, ...(more > 0 ? { more } : {}) };
}
