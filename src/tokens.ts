/** Inversify tokens for everything bound by value (classes are bound by their own constructor). */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Orm: Symbol.for('Orm'),
  EntityManager: Symbol.for('EntityManager'),
  PdfRenderer: Symbol.for('PdfRenderer'),
  Sql: Symbol.for('Sql'),
} as const;
