import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { Note } from './note.entity';
import { SaleLineRecord } from './issued-document.base';

/**
 * One line of a note. A returned line names the invoice line it returns (its position, 1-based as
 * printed); a discount after the sale, a debit note's charge and the "Menos descuentos acreditados"
 * line of a full reversal name none. Amounts may be negative only on that last line.
 */
@Entity({ tableName: 'note_lines' })
@Unique({ name: 'uq_note_lines_note_line', properties: ['note', 'lineNumber'] })
export class NoteLine extends SaleLineRecord {
  @ManyToOne({ entity: () => Note })
  note!: Note;

  @Property({ type: 'smallint', unsigned: true, nullable: true })
  invoiceLineNumber: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  productCode: string | null = null;
}
