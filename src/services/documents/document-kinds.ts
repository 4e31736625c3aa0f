import type { EntityClass } from '@mikro-orm/mysql';
import type { MetadataSource } from '../../db/lean-select';
import type { DocumentType } from '../../domain/document-type';
import { Invoice, Note, type IdempotencyScope, type IssuedDocumentRecord } from '../../entities';

/**
 * How the kernel stores, numbers, fixes, verifies and counts one kind of fiscal document. Every
 * kernel piece reads the kind's entry here, never a table or a column of its own: the numbered
 * write (the number index), the idempotency keys (the scope), the template versions (fixOn), the
 * verification page, the run-out pace of the CAI overview and the numbering audit (issued
 * numbers). A new document type adds its entry (the compiler asks for it: the table is keyed by
 * DocumentType) and its slice.
 */
export interface DocumentKind {
  /**
   * The entity of the table its documents are written to. Kinds stored together (credit and debit
   * notes) name the same entity, whose `kindProperty` tells their rows apart.
   */
  entity: EntityClass<IssuedDocumentRecord>;
  /** The entity's property with the document's number within its range (unique with its range). */
  numberProperty: string;
  /** The entity's property with the document's instant (its date of issue). */
  issuedAtProperty: string;
  /** The property that holds the document type in a table several kinds share; null when the table is the kind's alone. */
  kindProperty: string | null;
  /** The unique index on (range, number): a clash there is another node's commit of the same number (NumberedWriter). */
  numberIndex: string;
  /** The scope its idempotency keys are unique in (kinds stored together share one: a key names one note). */
  idempotencyScope: IdempotencyScope;
  /**
   * The document kind these documents modify and the property that points at the modified one (a
   * note's invoice): the verification page of the modified document lists the live ones.
   */
  modifies: { kind: DocumentType; property: string } | null;
}

const NOTES: DocumentKind = {
  entity: Note,
  numberProperty: 'noteNumber',
  issuedAtProperty: 'noteDate',
  kindProperty: 'documentType',
  numberIndex: 'uq_notes_cai_range_number',
  idempotencyScope: 'note',
  modifies: { kind: 'invoice', property: 'invoice' },
};

export const DOCUMENT_KINDS: Readonly<Record<DocumentType, DocumentKind>> = {
  invoice: {
    entity: Invoice,
    numberProperty: 'invoiceNumber',
    issuedAtProperty: 'invoiceDate',
    kindProperty: null,
    numberIndex: 'uq_invoices_cai_range_number',
    idempotencyScope: 'invoice',
    modifies: null,
  },
  creditNote: NOTES,
  debitNote: NOTES,
};

/** A table of issued documents and the kinds written to it (one, or several told apart by `kindProperty`). */
export interface DocumentTable {
  entity: EntityClass<IssuedDocumentRecord>;
  kinds: DocumentType[];
  /** Any of its kinds' entry: kinds that share a table share every entry but the type. */
  kind: DocumentKind;
}

/** Every table of issued documents, once each, in DOCUMENT_TYPES order. */
export function documentTables(): DocumentTable[] {
  const tables = new Map<EntityClass<IssuedDocumentRecord>, DocumentTable>();
  for (const [type, kind] of Object.entries(DOCUMENT_KINDS) as [DocumentType, DocumentKind][]) {
    const table = tables.get(kind.entity);
    if (table) table.kinds.push(type);
    else tables.set(kind.entity, { entity: kind.entity, kinds: [type], kind });
  }
  return [...tables.values()];
}

/** The column name of an entity's property, from the ORM's metadata. */
export function columnNameOf(source: MetadataSource, entity: EntityClass<object>, property: string): string {
  const prop = source.getMetadata().get(entity.name).properties[property as never] as { fieldNames?: string[] } | undefined;
  if (prop?.fieldNames?.length !== 1) throw new Error(`${entity.name}.${property} is not a single-column property`);
  return prop.fieldNames[0];
}

/** The same, quoted for SQL. */
export function columnOf(source: MetadataSource, entity: EntityClass<object>, property: string): string {
  return `\`${columnNameOf(source, entity, property)}\``;
}

/**
 * A SELECT expression for the document type of a table's rows, named `as`: its kind column when
 * kinds share the table, else the one kind as a constant.
 */
export function documentTypeColumn(source: MetadataSource, table: DocumentTable, alias: string, as = 'documentType'): string {
  const { kindProperty } = table.kind;
  const expression = kindProperty === null ? `'${table.kinds[0]}'` : `${alias}.${columnOf(source, table.entity, kindProperty)}`;
  return `${expression} AS \`${as}\``;
}

/** A SELECT expression for a table's document instant (its kind's `issuedAtProperty`), named `issuedAt`; read it with storedInstant. */
export function issuedAtColumn(source: MetadataSource, table: DocumentTable, alias: string): string {
  return `${alias}.${columnOf(source, table.entity, table.kind.issuedAtProperty)} AS \`issuedAt\``;
}
