import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One failed console sign-in, kept in the database so that every instance counts the same
 * failures (decisions 59, 67): the e-mail as typed (normalised), whether or not an account has it,
 * and the client address it came from. Written *before* its password is checked, so that
 * concurrent guesses cannot all pass the count; deleted again when the password was right.
 */
@Entity({ tableName: 'console_sign_in_failures' })
@Index({ name: 'ix_console_sign_in_failures_email_at', properties: ['email', 'failedAt'] })
export class ConsoleSignInFailure {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255 })
  email!: string;

  /** The client address (`ctx.ip`); empty for failures counted before addresses were. */
  @Property({ type: 'string', length: 64 })
  address!: string;

  @Property({ type: 'datetime', length: 3 })
  failedAt!: Date;
}
