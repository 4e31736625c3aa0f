import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Establishment } from './establishment.entity';

/** An emission point (3-digit code, the PPP of the printed number) of an establishment. */
@Entity({ tableName: 'emission_points' })
@Unique({ name: 'uq_emission_points_establishment_code', properties: ['establishment', 'code'] })
export class EmissionPoint {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Establishment })
  establishment!: Establishment;

  @Property({ type: 'string', length: 3 })
  code!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  name: string | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
