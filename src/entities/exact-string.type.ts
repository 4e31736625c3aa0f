import { Type, type EntityProperty } from '@mikro-orm/core';

/** Bytes per character of utf8mb4, the character set of every text column. */
const UTF8MB4_BYTES_PER_CHARACTER = 4;

/**
 * A string the database compares byte for byte (decision 66): a VARBINARY column wide enough for
 * `length` characters of UTF-8. A VARCHAR compares under its collation, and every default one
 * (MariaDB's utf8mb4_general_ci, MySQL 8's utf8mb4_0900_ai_ci) ignores case and accents, and a
 * `_bin` collation still ignores trailing spaces; a VARBINARY does neither, on both servers.
 * The driver reads such a column as bytes; the entity reads them back as the UTF-8 text stored.
 */
export class ExactString extends Type<string, string | Buffer> {
  override convertToDatabaseValue(value: string): string {
    return value;
  }

  override convertToJSValue(value: string | Buffer): string {
    return Buffer.isBuffer(value) ? value.toString('utf8') : value;
  }

  override compareAsType(): string {
    return 'string';
  }

  override getColumnType(prop: EntityProperty): string {
    return `varbinary(${(prop.length ?? 255) * UTF8MB4_BYTES_PER_CHARACTER})`;
  }
}
