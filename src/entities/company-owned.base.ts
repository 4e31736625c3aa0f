import { ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Company } from './company.entity';

/**
 * What every operator-managed entry of a company has: its id, the company, the operator's code
 * (unique per company, the key `admin apply` matches on) and a soft-delete mark, because issued
 * invoices keep pointing at entries the operator later removes.
 */
export abstract class CompanyOwnedEntry {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  @Property({ type: 'string', length: 64 })
  code!: string;

  @Property({ type: 'datetime', length: 3, nullable: true })
  deletedAt: Date | null = null;
}
