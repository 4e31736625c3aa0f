import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { CompanyDocumentTypeRow } from './company-document-type-row.base';
import { TemplateVersion } from './template-version.entity';

/** How a publication row came to be: an operator's new letterhead, or a rollback to an earlier one. */
export type LetterheadAction = 'published' | 'rolled-back';

/**
 * One publish or rollback of a company's letterhead for a document type: the template and logo
 * versions its new documents print with from then on, when, and who did it. Rows are only ever
 * added (decision 56): the newest row of a (company, document type) is the current letterhead, and
 * the rows before it are its history, readable for good.
 */
@Entity({ tableName: 'letterhead_publications' })
@Index({ name: 'ix_letterhead_publications_current', properties: ['company', 'documentType', 'id'] })
export class LetterheadPublication extends CompanyDocumentTypeRow {
  @Property({ type: 'string', length: 16 })
  action!: LetterheadAction;

  @ManyToOne({ entity: () => TemplateVersion })
  templateVersion!: TemplateVersion;

  /** Null: the letterhead prints no logo (its placeholder is removed). */
  @ManyToOne({ entity: () => TemplateVersion, nullable: true })
  logoVersion: TemplateVersion | null = null;

  /**
   * The publication a rollback from this one makes current again: for a publish, the one that was
   * current before it; for a rollback, the one before the publication it restored. Null: nothing to
   * roll back to.
   */
  @ManyToOne({ entity: () => LetterheadPublication, nullable: true })
  previous: LetterheadPublication | null = null;

  @Property({ type: 'datetime', length: 3 })
  publishedAt!: Date;

  /** `cli:<os user>` from the CLI, an operator's e-mail from the console. */
  @Property({ type: 'string', length: 255 })
  publishedBy!: string;
}
