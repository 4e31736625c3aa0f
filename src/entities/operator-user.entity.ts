import { Entity, Property, Unique } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';

/** An operator user of the company; one is the creator of API invoices. */
@Entity({ tableName: 'operator_users' })
@Unique({ name: 'uq_operator_users_company_code', properties: ['company', 'code'] })
export class OperatorUser extends CompanyOwnedEntry {
  @Property({ type: 'string', length: 255 })
  name!: string;
}
