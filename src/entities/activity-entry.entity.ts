import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { ActivityAction } from '../domain/activity-action';
import { Company } from './company.entity';

/**
 * One row of the activity trail: a change an operator made, written in the change's own
 * transaction and never updated or deleted (decision 60). Written and read with plain SQL
 * (src/services/access/activity), so that the numbered write of a note, which runs outside the ORM, and
 * the ORM's transactions share one insert; this entity declares the table for the migrations'
 * schema check.
 */
@Entity({ tableName: 'activity' })
@Index({ name: 'ix_activity_at', properties: ['at', 'id'] })
@Index({ name: 'ix_activity_company_at', properties: ['company', 'at', 'id'] })
export class ActivityEntry {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** When the change was made, UTC, to the millisecond. */
  @Property({ type: 'datetime', length: 3 })
  at!: Date;

  /** The operator's e-mail, or `cli:<os user>`. */
  @Property({ type: 'string', length: 320 })
  actor!: string;

  /** The company the change was about; null for one about no company (a sign-in). */
  @ManyToOne({ entity: () => Company, nullable: true })
  company!: Company | null;

  @Property({ type: 'string', length: 32 })
  action!: ActivityAction;

  /** What was changed, as operators name it (a printed number and its id, a key's id and prefix). */
  @Property({ type: 'string', length: 255 })
  target!: string;

  /** A JSON object with the change's particulars (a reason, what an apply changed); never a secret. */
  @Property({ type: 'text' })
  details!: string;
}
