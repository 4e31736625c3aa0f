import { addYears, hondurasDate, hondurasDateTime, isCalendarDate } from '../../src/domain/calendar-date';

describe('calendar dates', () => {
  it.each(['2026-01-01', '2028-02-29', '2027-12-31'])('accepts the real date %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each(['2027-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', '2026-01-01T00:00:00Z', '', '01/02/2026'])(
    'rejects %j',
    (date) => {
      expect(isCalendarDate(date)).toBe(false);
    },
  );

  it('counts the Honduras day, six hours behind UTC', () => {
    expect(hondurasDate(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31');
    expect(hondurasDate(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01');
  });

  it('writes an instant as Honduras date and time to the second, with its offset', () => {
    expect(hondurasDateTime(new Date('2026-01-01T05:59:59.900Z'))).toBe('2025-12-31T23:59:59-06:00');
    expect(hondurasDateTime(new Date('2026-07-15T18:04:05Z'))).toBe('2026-07-15T12:04:05-06:00');
  });

  it('adds years, turning 29 February into 28 February in a common year', () => {
    expect(addYears('2026-11-22', 1)).toBe('2027-11-22');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });
});
