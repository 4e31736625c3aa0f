import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { Note } from '../../../entities';
import { TOKENS } from '../../../tokens';
import type { CompanyRef } from '../../../domain/company-ref';
import { DocumentPdfService, TemplateVersionStore } from '../../documents';
import { NoteReader } from './note-reader.service';
import type { NoteView } from './note-view';
import { noteRenderInputs } from './printed-note';

/**
 * A note's PDF through the documents' rendering pipeline, from its stored rows and the template
 * and logo versions fixed at issue: every copy is the original, ANULADA added once annulled.
 */
@injectable()
export class NotePdfService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(DocumentPdfService) private readonly documents: DocumentPdfService,
    @inject(TemplateVersionStore) private readonly versions: TemplateVersionStore,
    @inject(NoteReader) private readonly reader: NoteReader,
  ) {}

  /** The note's PDF, or PDF_RENDER_FAILED. */
  render(company: CompanyRef, note: NoteView): Promise<Buffer> {
    return this.documents.renderIssued(company.code, async () =>
      noteRenderInputs(note, note.versions ?? (await this.fixVersions(company, note))),
    );
  }

  /** The PDF of the company's note `id` as stored now (NOTE_NOT_FOUND when it has none). */
  async reprint(company: CompanyRef, id: number): Promise<Buffer> {
    return this.render(company, await this.reader.get(company, id));
  }

  /** A note issued while its template was unreadable gets the current versions, once. */
  private async fixVersions(company: CompanyRef, note: NoteView) {
    const current = await this.versions.storeCurrent(company.code, note.documentType);
    await this.em
      .fork()
      .nativeUpdate(
        Note,
        { id: note.id, templateVersion: null },
        { templateVersion: current.templateVersionId, logoVersion: current.logoVersionId },
      );
    const fixed = (await this.reader.get(company, note.id)).versions;
    if (fixed === null) throw new Error(`note ${note.id} has no template version fixed`);
    return fixed;
  }
}
