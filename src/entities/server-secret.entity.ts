import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A secret every instance of the service shares (decision 68): written once, by whichever
 * instance starts first, with 32 random bytes, and never changed; each instance reads it at
 * start-up (src/services/access/server-secrets.service.ts). It lives in the database because that is
 * the one thing all instances already share.
 */
@Entity({ tableName: 'server_secrets' })
export class ServerSecret {
  @PrimaryKey({ type: 'string', length: 32 })
  name!: string;

  /** The 32 bytes, hex. */
  @Property({ type: 'string', length: 64 })
  secret!: string;

  @Property({ type: 'datetime', length: 3 })
  createdAt!: Date;
}
