import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../../domain/document-type';

/** `invoice 000-001-01-00000042 (id 42)`: a document as the trail names it, by its printed number and the id the CLI takes. */
export function documentTarget(type: DocumentType, fiscalNumber: string, id: number): string {
  return `${DOCUMENT_TYPE_INFO[type].noun} ${fiscalNumber} (id ${id})`;
}
