import { ContainerModule } from 'inversify';
import { IdempotencyStore } from './idempotency-store';
import { NumberedWriter } from './numbered-writer';
import { DocumentPdfService } from './printing/document-pdf.service';
import { RenderedPdfCache } from './printing/rendered-pdf-cache';
import { TemplateCheckService } from './printing/template-check.service';
import { TemplateVersionStore } from './template-versions/template-version-store';
import { LetterheadService } from './letterheads/letterhead.service';
import { DocumentVerifier } from './verification/document-verification.service';

/** The bindings of the documents kernel: numbering and the numbered write, printing, template versions, letterheads, verification. Singletons, as every service (src/container.ts). */
export const documentsModule = new ContainerModule(({ bind }) => {
  for (const service of [
    IdempotencyStore,
    NumberedWriter,
    DocumentPdfService,
    RenderedPdfCache,
    TemplateCheckService,
    TemplateVersionStore,
    LetterheadService,
    DocumentVerifier,
  ])
    bind(service).toSelf();
});
