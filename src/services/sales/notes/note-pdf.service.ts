import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../../domain/company-ref';
import { DocumentPdfService } from '../../documents';
import type { NoteView } from './note-view';
import { NoteReader } from './note-reader.service';
import { noteRenderInputs } from './printed-note';

/**
 * A note's PDF through the documents' rendering pipeline, from its stored rows and the template
 * and logo versions fixed at issue: every copy is the original, ANULADA added once annulled.
 */
@injectable()
export class NotePdfService {
  constructor(
    @inject(DocumentPdfService) private readonly documents: DocumentPdfService,
    @inject(NoteReader) private readonly reader: NoteReader,
  ) {}

  /** The note's PDF, or PDF_RENDER_FAILED. A note issued while its template was unreadable gets the current versions, once. */
  render(company: CompanyRef, note: NoteView): Promise<Buffer> {
    return this.documents.renderIssued(company.code, async () =>
      noteRenderInputs(note, await this.documents.versionsOf(company.code, note.documentType, note)),
    );
  }

  /** The PDF of the company's note `id` as stored now (NOTE_NOT_FOUND when it has none). */
  async reprint(company: CompanyRef, id: number): Promise<Buffer> {
    return this.render(company, await this.reader.get(company, id));
  }
}
