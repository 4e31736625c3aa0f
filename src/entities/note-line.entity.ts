import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Note } from './note.entity';
import { DECIMAL_COLUMNS } from '../domain/decimal-columns';

/**
 * One line of a note. A returned line names the invoice line it returns (its position, 1-based as
 * printed); a discount after the sale, a debit note's charge and the "Menos descuentos acreditados"
 * line of a full reversal name none. Amounts may be negative only on that last line.
 */
@Entity({ tableName: 'note_lines' })
@Unique({ name: 'uq_note_lines_note_line', properties: ['note', 'lineNumber'] })
export class NoteLine {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Note })
  note!: Note;

  @Property({ type: 'smallint', unsigned: true })
  lineNumber!: number;

  @Property({ type: 'smallint', unsigned: true, nullable: true })
  invoiceLineNumber: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  productCode: string | null = null;

  @Property({ type: 'string', length: 255 })
  description!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount })
  quantity!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.amount })
  unitPrice!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  importe!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  discountAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  subTotal!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.money })
  exemptAmount!: string;

  @Property({ type: 'decimal', ...DECIMAL_COLUMNS.rate, nullable: true })
  isvRate: string | null = null;
}
