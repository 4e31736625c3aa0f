/** Inversify tokens for everything bound by value (classes are bound by their own constructor). */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Orm: Symbol.for('Orm'),
  EntityManager: Symbol.for('EntityManager'),
  PdfRenderer: Symbol.for('PdfRenderer'),
  Sql: Symbol.for('Sql'),
  /** What the documents kernel tells of each number taken (documents/numbered-writer.ts), bound by the context that watches. */
  NumberTakenWatcher: Symbol.for('NumberTakenWatcher'),
  /** What the numbered write records in a new document's transaction (documents/numbered-writer.ts), bound by the delivery context. */
  DocumentOutbox: Symbol.for('DocumentOutbox'),
} as const;
