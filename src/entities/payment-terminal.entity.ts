import { Entity, Property, Unique } from '@mikro-orm/core';
import { CompanyOwnedEntry } from './company-owned.base';

/** A payment configuration (cash register) invoices are paid through. */
@Entity({ tableName: 'payment_terminals' })
@Unique({ name: 'uq_payment_terminals_company_code', properties: ['company', 'code'] })
export class PaymentTerminal extends CompanyOwnedEntry {
  @Property({ type: 'string', length: 255 })
  name!: string;
}
