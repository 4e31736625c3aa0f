import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from './company.entity';

/** An operator user of the company; one is the creator of API invoices. */
@Entity({ tableName: 'operator_users' })
@Unique({ name: 'uq_operator_users_company_code', properties: ['company', 'code'] })
export class OperatorUser {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 64 })
  code!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
