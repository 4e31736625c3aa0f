import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import { ActivityTrail, documentTarget } from '../../access';
import { DOCUMENT_TYPE_INFO } from '../../../domain/document-type';
import { Note } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { assertAnnulmentOpen } from '../../../domain/annulment-deadline';
import type { AppConfig } from '../../../../config/config';

export interface NoteAnnulment {
  note: Note;
  alreadyAnnulled: boolean;
}

/**
 * Annuls a note issued with errors (Art. 41): its number stays used, it prints ANULADA, and a
 * credit note no longer counts toward its invoice's limits. Notes are in no cached answer, so no
 * read-cache counter moves.
 */
@injectable()
export class NoteAnnulmentService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(TOKENS.Config) private readonly config: Pick<AppConfig, 'annulmentDeadlineDay'>,
  ) {}

  /**
   * Idempotent: annulling an annulled note keeps its first annulment and records nothing. The
   * annulment and its `note-annulled` row in the activity trail commit together. Past its window
   * (ANNULMENT_DEADLINE_DAY of the next month, by `now`, decision 71) it is refused with
   * ANNULMENT_PERIOD_CLOSED and nothing changes.
   */
  async annul(actor: Actor, company: CompanyRef, noteId: number, reason: string, now = new Date()): Promise<NoteAnnulment> {
    return this.em.transactional(async (em) => {
      const note = await em.findOne(Note, { id: noteId, company: company.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!note) throw new AppError('NOTE_NOT_FOUND', `company ${company.code} has no note with id ${noteId}`);
      if (note.isAnnulled) return { note, alreadyAnnulled: true };
      assertAnnulmentOpen(noteName(note), note.noteDate, now, this.config.annulmentDeadlineDay);
      note.isAnnulled = true;
      note.annulledAt = now;
      note.annulReason = reason;
      await em.flush();
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: 'note-annulled',
        target: documentTarget(note.documentType, note.fiscalNumber, note.id),
        details: { reason },
        at: now,
      });
      return { note, alreadyAnnulled: false };
    });
  }
}

/** `credit note 7 (000-001-06-00000001)` */
export function noteName(note: Pick<Note, 'id' | 'documentType' | 'fiscalNumber'>): string {
  return `${DOCUMENT_TYPE_INFO[note.documentType].noun} ${note.id} (${note.fiscalNumber})`;
}
