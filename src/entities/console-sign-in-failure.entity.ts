import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One failed console sign-in, kept in the database so that every instance counts the same
 * failures (decision 59). The e-mail as typed (normalised), whether or not an account has it.
 */
@Entity({ tableName: 'console_sign_in_failures' })
@Index({ name: 'ix_console_sign_in_failures_email_at', properties: ['email', 'failedAt'] })
export class ConsoleSignInFailure {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255 })
  email!: string;

  @Property({ type: 'datetime', length: 3 })
  failedAt!: Date;
}
