import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { ConsoleOperator } from './console-operator.entity';

/**
 * A signed-in console session, server-side so that every instance sees a sign-out, a disabled
 * account or a reset password on the next request (decision 59). The cookie carries the random id;
 * only its SHA-256 is stored, so the table alone opens no session.
 */
@Entity({ tableName: 'console_sessions' })
@Index({ name: 'ix_console_sessions_operator', properties: ['operator'] })
export class ConsoleSession {
  /** Hex SHA-256 of the cookie's id. */
  @PrimaryKey({ type: 'string', length: 64 })
  idHash!: string;

  @ManyToOne({ entity: () => ConsoleOperator, deleteRule: 'cascade' })
  operator!: ConsoleOperator;

  /** The `_csrf` value every form of this session carries. */
  @Property({ type: 'string', length: 64 })
  csrfToken!: string;

  @Property({ type: 'datetime', length: 3 })
  createdAt!: Date;

  @Property({ type: 'datetime', length: 3 })
  lastSeenAt!: Date;
}
