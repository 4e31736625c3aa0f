import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import type { OperatorRole } from '../domain/operator-role';

/**
 * A person who signs in to the operator console (decision 58). Not an API key and not a company's
 * `operator_users` row (those name who created an invoice): an account of the service itself,
 * granted companies through `console_operator_companies` unless it is an administrator.
 */
@Entity({ tableName: 'console_operators' })
export class ConsoleOperator {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Lower case, trimmed: what the operator types to sign in. */
  @Property({ type: 'string', length: 255, unique: 'uq_console_operators_email' })
  email!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 16 })
  role!: OperatorRole;

  /** `scrypt$N$r$p$salt$hash` (src/domain/password-hash.ts): the parameters travel with the hash. */
  @Property({ type: 'string', length: 255 })
  passwordHash!: string;

  /** Sessions opened before this instant are over (a reset ends them on every instance). */
  @Property({ type: 'datetime', length: 3 })
  passwordChangedAt!: Date;

  @Property({ type: 'datetime', length: 3, nullable: true })
  disabledAt: Date | null = null;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();
}
