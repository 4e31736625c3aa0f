import { storedInstant, utcDatetime } from '../../src/db/lean-select';

describe('storedInstant: a DATETIME as the driver returns it, read as UTC', () => {
  it('reads the column as UTC, whatever the process zone', () => {
    expect(storedInstant('2026-03-01 05:59:59.999').toISOString()).toBe('2026-03-01T05:59:59.999Z');
  });

  it('reads a DATETIME without fractional seconds', () => {
    expect(storedInstant('2026-12-31 23:00:00').toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('is the inverse of utcDatetime', () => {
    const instant = new Date('2026-07-04T18:30:12.345Z');
    expect(utcDatetime(instant)).toBe('2026-07-04 18:30:12.345');
    expect(storedInstant(utcDatetime(instant)).getTime()).toBe(instant.getTime());
  });
});
