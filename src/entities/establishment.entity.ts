import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from './company.entity';

/** A fiscal establishment (3-digit code, the EEE of the printed number). */
@Entity({ tableName: 'establishments' })
@Unique({ name: 'uq_establishments_company_code', properties: ['company', 'code'] })
export class Establishment {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 3 })
  code!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  name: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  address: string | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
