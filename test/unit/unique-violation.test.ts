import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/mysql';
import { duplicateEntryDetail, isUniqueViolation, violatesUniqueIndex } from '../../src/db/unique-violation';

const violation = (message: string) => new UniqueConstraintViolationException(Object.assign(new Error(message), { errno: 1062 }));

describe('unique-index violations', () => {
  it('names the index as MariaDB and MySQL 8 spell it', () => {
    const mariadb = violation("insert into `invoices` ... - Duplicate entry '7-42' for key 'uq_invoices_cai_range_number'");
    const mysql8 = violation("insert into `invoices` ... - Duplicate entry '7-42' for key 'invoices.uq_invoices_cai_range_number'");
    for (const err of [mariadb, mysql8]) {
      expect(violatesUniqueIndex(err, 'uq_invoices_cai_range_number')).toBe(true);
      expect(violatesUniqueIndex(err, 'uq_idempotency_records_company_key')).toBe(false);
    }
  });

  it('does not take another driver error, or a value that looks like an index name, for a violation', () => {
    const other = new DriverException(Object.assign(new Error("Duplicate entry 'x' for key 'uq_a'"), { errno: 1213 }));
    expect(isUniqueViolation(other)).toBe(false);
    expect(violatesUniqueIndex(other, 'uq_a')).toBe(false);
    expect(violatesUniqueIndex(violation("Duplicate entry 'uq_a' for key 'uq_b'"), 'uq_a')).toBe(false);
    expect(duplicateEntryDetail(new Error('Duplicate entry'))).toBeNull();
  });

  it("keeps the driver's words for an operator's message", () => {
    expect(duplicateEntryDetail(violation("insert ... - Duplicate entry 'ACME-C1' for key 'uq_clients'"))).toBe(
      "Duplicate entry 'ACME-C1' for key 'uq_clients'",
    );
  });
});
