import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import { Note } from '../../../entities';
import type { CompanyRef } from '../../../domain/company-ref';
import { type AnnulledKind, SaleDocumentAnnulment } from '../sale-documents/document-annulment';

export interface NoteAnnulment {
  note: Note;
  alreadyAnnulled: boolean;
}

const ANNULLED_NOTE: AnnulledKind<Note> = {
  entity: Note,
  notFound: (company, id) => new AppError('NOTE_NOT_FOUND', `company ${company.code} has no note with id ${id}`),
  documentType: (note) => note.documentType,
  issuedAt: (note) => note.noteDate,
  action: 'note-annulled',
};

/**
 * Annuls a note issued with errors through the one annulment of sale documents
 * (document-annulment.ts): a credit note then no longer counts toward its invoice's limits. Notes
 * are in no cached answer, so no read-cache counter moves.
 */
@injectable()
export class NoteAnnulmentService {
  constructor(@inject(SaleDocumentAnnulment) private readonly annulment: SaleDocumentAnnulment) {}

  /** Records `note-annulled`. */
  async annul(actor: Actor, company: CompanyRef, noteId: number, reason: string, now = new Date()): Promise<NoteAnnulment> {
    const { document, alreadyAnnulled } = await this.annulment.annul(ANNULLED_NOTE, actor, company, noteId, reason, now);
    return { note: document, alreadyAnnulled };
  }
}
