import { ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { DocumentType } from '../domain/document-type';
import { Company } from './company.entity';

/**
 * A row of one company about one of its document types (invoice or note): what its table is
 * indexed by first. Letterhead publications and delivery messages extend it; each table keeps its
 * own columns (no migration came with this base).
 */
export abstract class CompanyDocumentTypeRow {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 16 })
  documentType!: DocumentType;
}
