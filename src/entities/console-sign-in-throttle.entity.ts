import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One row per e-mail anyone tried to sign in with: the row its attempts lock in turn (decision
 * 67). Each attempt that gets to have its password checked adds one to `checked` under that
 * lock, so the attempts for one e-mail are counted one at a time on every instance, and on a
 * Galera cluster two of them through two nodes change the same row and cannot both commit.
 */
@Entity({ tableName: 'console_sign_in_throttles' })
export class ConsoleSignInThrottle {
  @PrimaryKey({ type: 'string', length: 255 })
  email!: string;

  /** Passwords checked for this e-mail since its first attempt. */
  @Property({ type: 'integer', unsigned: true })
  checked: Opt<number> = 0;
}
