import { Entity, ManyToOne } from '@mikro-orm/core';
import { Company } from './company.entity';
import { ConsoleOperator } from './console-operator.entity';

/** A company an accountant may see in the console; administrators see every company without rows here. */
@Entity({ tableName: 'console_operator_companies' })
export class ConsoleOperatorCompany {
  @ManyToOne({ entity: () => ConsoleOperator, primary: true, deleteRule: 'cascade' })
  operator!: ConsoleOperator;

  @ManyToOne({ entity: () => Company, primary: true, deleteRule: 'cascade' })
  company!: Company;
}
