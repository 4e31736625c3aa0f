import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { EmissionPoint } from './emission-point.entity';

/**
 * A CAI authorization for document type 01 (factura): the numbers rangeStart..rangeEnd may be
 * printed until the deadline (inclusive, Honduras date). nextNumber is taken under a row lock.
 */
@Entity({ tableName: 'cai_ranges' })
@Unique({ name: 'uq_cai_ranges_emission_point_cai', properties: ['emissionPoint', 'cai'] })
export class CaiRange {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => EmissionPoint })
  emissionPoint!: EmissionPoint;

  @Property({ type: 'string', length: 64 })
  cai!: string;

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
}
