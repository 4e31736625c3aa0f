import type { DocumentType } from '../../../domain/document-type';
import type { LetterheadAction, LetterheadPublication } from '../../../entities';
import type { LetterheadSource } from '../template-versions/published-letterhead';

/** One publish or rollback, as the history and every edge show it. */
export interface LetterheadPublicationView {
  id: number;
  documentType: DocumentType;
  action: LetterheadAction;
  /** Hex SHA-256 of the published template (.odt) file. */
  sha256: string;
  /** Hex SHA-256 of the published logo (PNG); null when it prints none. */
  logoSha256: string | null;
  publishedAt: Date;
  publishedBy: string;
}

/** What a company's documents of one type print with now. */
export interface LetterheadState {
  documentType: DocumentType;
  source: LetterheadSource;
  /**
   * Hex SHA-256 of the template printed now: the published one, else the file's; null when the
   * file cannot be read.
   */
  sha256: string | null;
  /** The publication in effect; null when the files apply. */
  publication: LetterheadPublicationView | null;
  /** When the files apply: the template file they give, or why it cannot be read. */
  file: string | null;
}

/** A publication row, its versions loaded (their hashes only: contents are lazy). */
export function publicationView(row: LetterheadPublication): LetterheadPublicationView {
  return {
    id: row.id,
    documentType: row.documentType,
    action: row.action,
    sha256: row.templateVersion.sha256,
    logoSha256: row.logoVersion?.sha256 ?? null,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
  };
}
