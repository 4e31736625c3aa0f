import { Entity, ManyToOne, Unique } from '@mikro-orm/core';
import { Note } from './note.entity';
import { SaleTaxRecord } from './issued-document.base';

/** One entry of a note's tax breakdown: the base and the ISV at one rate. */
@Entity({ tableName: 'note_taxes' })
@Unique({ name: 'uq_note_taxes_note_rate', properties: ['note', 'rate'] })
export class NoteTax extends SaleTaxRecord {
  @ManyToOne({ entity: () => Note })
  note!: Note;
}
