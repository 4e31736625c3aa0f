import { Entity, Index, ManyToOne, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { Company } from './company.entity';

/** An API key of a company. Only the SHA-256 of the key is stored; the key itself never is. */
@Entity({ tableName: 'api_keys' })
@Index({ name: 'ix_api_keys_company', properties: ['company'] })
export class ApiKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Company })
  company!: Company;

  /** The first characters of the key, enough for an operator to tell keys apart. */
  @Property({ type: 'string', length: 32 })
  prefix!: string;

  /** Hex SHA-256 of the whole key; authentication looks keys up by it. */
  @Property({ type: 'string', length: 64, unique: 'uq_api_keys_key_hash' })
  keyHash!: string;

  @Property({ type: 'datetime', length: 3 })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', length: 3, nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', length: 3, nullable: true })
  revokedAt: Date | null = null;
}
