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

  /** The company's note `id` as stored now, and its PDF when asked (NOTE_NOT_FOUND when it has none). */
  async printable(company: CompanyRef, id: number): Promise<{ note: NoteView; pdf(): Promise<Buffer> }> {
    const note = await this.reader.get(company, id);
    return { note, pdf: () => this.render(company, note) };
  }

  /** The PDF of the company's note `id` as stored now. */
  async reprint(company: CompanyRef, id: number): Promise<Buffer> {
    return (await this.printable(company, id)).pdf();
  }
}
