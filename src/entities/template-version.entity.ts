import { Entity, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';

/** What a stored version is: an invoice template (ODT) or a company logo (PNG). */
export type TemplateVersionKind = 'template' | 'logo';

/**
 * One version of a template or logo file an invoice was issued with, kept whole and addressed by
 * the SHA-256 of its bytes. Rows are written once and never changed or deleted: an issued
 * invoice's copies are rendered from them (Acuerdo 481-2017 Art. 38, copies identical to the
 * original), in every instance, whatever the files on disk say later.
 */
@Entity({ tableName: 'template_versions' })
@Unique({ name: 'uq_template_versions_kind_sha256', properties: ['kind', 'sha256'] })
export class TemplateVersion {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 16 })
  kind!: TemplateVersionKind;

  /** Hex SHA-256 of `content`. */
  @Property({ type: 'string', length: 64 })
  sha256!: string;

  /** The file's bytes; lazy so that looking a version up by hash never drags them along. */
  @Property({ type: 'blob', columnType: 'mediumblob', lazy: true })
  content!: Buffer;

  @Property({ type: 'integer', unsigned: true })
  byteSize!: number;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();
}
