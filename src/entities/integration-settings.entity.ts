import { Entity, ManyToOne, OneToOne, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { Company } from './company.entity';
import { EmissionPoint } from './emission-point.entity';
import { OperatorUser } from './operator-user.entity';
import { PaymentTerminal } from './payment-terminal.entity';
import { PriceList } from './price-list.entity';

/** The API integration of a company: whether it is on, and the defaults invoices are issued with. */
@Entity({ tableName: 'integration_settings' })
export class IntegrationSettings {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne({ entity: () => Company, owner: true, unique: 'uq_integration_settings_company' })
  company!: Company;

  @Property({ type: 'boolean' })
  enabled: Opt<boolean> = false;

  @ManyToOne({ entity: () => EmissionPoint, nullable: true })
  emissionPoint: EmissionPoint | null = null;

  @ManyToOne({ entity: () => OperatorUser, nullable: true })
  creatorUser: OperatorUser | null = null;

  @ManyToOne({ entity: () => PriceList, nullable: true })
  priceList: PriceList | null = null;

  @ManyToOne({ entity: () => PaymentTerminal, nullable: true })
  paymentTerminal: PaymentTerminal | null = null;

  /** Every sale of this integration is exonerated (decision 8). */
  @Property({ type: 'boolean' })
  exoneratedSales: Opt<boolean> = false;
}
