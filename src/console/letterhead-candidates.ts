import type { DocumentType } from '../domain/document-type';
import type { LogoChoice } from '../services/documents';
import type { TemplateBytes } from '../pdf/template-check';
import { type HeldFor, SessionHeld } from './session-held';

/** A letterhead uploaded and checked, waiting for its operator to publish it. */
export interface LetterheadCandidate extends HeldFor {
  documentType: DocumentType;
  template: TemplateBytes;
  logo: LogoChoice;
  /** The sample document printed with it (the preview). */
  pdf: Buffer;
}

/** Candidates that passed the check: "Publicar" publishes exactly the bytes that were checked and previewed (session-held.ts). */
export class LetterheadCandidates extends SessionHeld<LetterheadCandidate> {}
