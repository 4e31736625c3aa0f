import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Note } from './note.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/** One entry of a note's tax breakdown: the base and the ISV at one rate. */
@Entity({ tableName: 'note_taxes' })
@Unique({ name: 'uq_note_taxes_note_rate', properties: ['note', 'rate'] })
export class NoteTax {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Note })
  note!: Note;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate })
  rate!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxedAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  taxAmount!: string;
}
