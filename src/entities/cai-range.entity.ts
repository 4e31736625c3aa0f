import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { DocumentType } from '../domain/document-type';
import { EmissionPoint } from './emission-point.entity';

/**
 * A CAI authorization for one document type at one emission point: the numbers
 * rangeStart..rangeEnd may be printed on documents of that type until the deadline (inclusive,
 * Honduras date). nextNumber is taken under a row lock. Numbering runs per (emission point,
 * document type), which is the order of ix_cai_ranges_point_type: the issuing query reads and
 * locks only the rows of its own type.
 */
@Entity({ tableName: 'cai_ranges' })
@Unique({ name: 'uq_cai_ranges_emission_point_cai', properties: ['emissionPoint', 'cai'] })
@Index({ name: 'ix_cai_ranges_point_type', properties: ['emissionPoint', 'documentType', 'rangeStart'] })
export class CaiRange {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => EmissionPoint })
  emissionPoint!: EmissionPoint;

  @Property({ type: 'string', length: 64 })
  cai!: string;

  /** Which documents take their numbers from this range; one of DOCUMENT_TYPES. */
  @Property({ type: 'string', length: 16 })
  documentType!: DocumentType;

  @Property({ type: 'integer', unsigned: true })
  rangeStart!: number;

  @Property({ type: 'integer', unsigned: true })
  rangeEnd!: number;

  /** YYYY-MM-DD, Honduras calendar. */
  @Property({ type: 'date' })
  deadline!: string;

  @Property({ type: 'integer', unsigned: true })
  nextNumber!: number;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;

  /** When SAR's cancellation of the CAI was recorded (`admin cai cancel`): from then on it never issues (decision 71). */
  @Property({ type: 'datetime', length: 3, nullable: true })
  cancelledAt: Date | null = null;

  /** Why, as the operator recorded it (SAR's resolution); set with cancelledAt. */
  @Property({ type: 'string', length: 255, nullable: true })
  cancelReason: string | null = null;
}
