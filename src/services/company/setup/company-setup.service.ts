import { EntityManager } from '@mikro-orm/mysql';
import { duplicateEntryDetail, isUniqueViolation } from '../../../db/unique-violation';
import { inject, injectable } from 'inversify';
import { TOKENS } from '../../../tokens';
import type { Actor } from '../../../domain/actor';
import { ActivityTrail } from '../../access';
import { AppError } from '../../../domain/app-error';
import { checkClients } from './setup-client-checks';
import { checkCaiRanges } from './setup-range-checks';
import { checkDuplicates, checkReferences } from './setup-references';
import { parseSetupDocument } from './setup-schema';
import { loadExistingSetup } from './setup-state';
import { ProblemList } from './setup-validation-error';
import { writeSetup } from './setup-writer';

export { SetupValidationError } from './setup-validation-error';

/** What an apply did, in entries of the file (the company and the integration count as one each). */
export interface ApplySummary {
  companyCode: string;
  created: number;
  updated: number;
  deleted: number;
}

/**
 * `admin apply`: the declarative, repeatable upsert of one company's whole setup
 * (decision 30). The whole document is checked first (shape, then duplicates, references
 * and numbering against the database) and written in one transaction, so a file with any problem
 * writes nothing. An apply that changed something commits with one `apply` row in the activity
 * trail, its details what changed by section of the file (never the file). Applying the same file
 * again changes nothing and records nothing.
 */
@injectable()
export class CompanySetupService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /** @throws SetupValidationError listing every problem as `<path>: <reason>`. */
  async apply(actor: Actor, document: unknown, now = new Date()): Promise<ApplySummary> {
    const doc = parseSetupDocument(document);
    const problems = new ProblemList();
    checkDuplicates(doc, problems);
    problems.throwIfAny();
    try {
      const counts = await this.em.transactional(async (em) => {
        const existing = await loadExistingSetup(em, doc);
        checkReferences(doc, existing, problems);
        checkCaiRanges(doc, existing, problems);
        checkClients(doc, existing, problems);
        problems.throwIfAny();
        const { counts, sections, company } = writeSetup(em, doc, existing, now);
        await em.flush();
        if (counts.created + counts.updated + counts.deleted > 0) {
          await this.trail.record(em, {
            actor,
            companyId: company.id,
            action: 'apply',
            target: `company ${company.code}`,
            details: { ...counts, sections },
            at: now,
          });
        }
        return counts;
      });
      return { companyCode: doc.company.code, ...counts };
    } catch (err) {
      // The checks above cover the unique indexes they can foresee; a concurrent writer can still win.
      if (isUniqueViolation(err)) {
        const detail = duplicateEntryDetail(err) ?? 'a unique index refused a row';
        throw new AppError(
          'SETUP_CONFLICT',
          `the setup of ${doc.company.code} conflicts with an existing row (${detail}); nothing was written`,
        );
      }
      throw err;
    }
  }
}
