import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from './company.entity';

/** A payment configuration (cash register) invoices are paid through. */
@Entity({ tableName: 'payment_terminals' })
@Unique({ name: 'uq_payment_terminals_company_code', properties: ['company', 'code'] })
export class PaymentTerminal {
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
