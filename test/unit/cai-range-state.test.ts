import { daysBetween, isUsable, leastUrgent, mostUrgent, rangeStanding } from '../../src/domain/cai-range-state';

const thresholds = { remainingPercent: '10', days: 60 };
const range = (nextNumber: number, deadline = '2027-12-31') => ({ rangeStart: 1, rangeEnd: 200, nextNumber, deadline });

describe('rangeStanding', () => {
  it('is OK with more than the percent left and the deadline further than the days', () => {
    expect(rangeStanding(range(1), '2026-11-24', thresholds)).toEqual({
      used: 0,
      left: 200,
      percentLeft: '100.00',
      daysLeft: 402,
      state: 'OK',
    });
  });

  it('is LOW at exactly the percent left, not one number above it', () => {
    expect(rangeStanding(range(181), '2026-11-24', thresholds)).toMatchObject({ left: 20, percentLeft: '10.00', state: 'LOW' });
    expect(rangeStanding(range(180), '2026-11-24', thresholds)).toMatchObject({ left: 21, state: 'OK' });
  });

  it('compares decimal percents exactly', () => {
    expect(
      rangeStanding({ rangeStart: 1, rangeEnd: 1000, nextNumber: 976, deadline: '2099-01-01' }, '2026-11-24', {
        remainingPercent: '2.5',
        days: 0,
      }).state,
    ).toBe('LOW');
    expect(
      rangeStanding({ rangeStart: 1, rangeEnd: 1000, nextNumber: 975, deadline: '2099-01-01' }, '2026-11-24', {
        remainingPercent: '2.5',
        days: 0,
      }).state,
    ).toBe('OK');
  });

  it('is DUE with the deadline at most the days away, the deadline day included', () => {
    expect(rangeStanding(range(1, '2027-01-23'), '2026-11-24', thresholds)).toMatchObject({ daysLeft: 60, state: 'DUE' });
    expect(rangeStanding(range(1, '2027-01-24'), '2026-11-24', thresholds)).toMatchObject({ daysLeft: 61, state: 'OK' });
    expect(rangeStanding(range(1, '2026-11-24'), '2026-11-24', thresholds)).toMatchObject({ daysLeft: 0, state: 'DUE' });
  });

  it('prefers LOW over DUE, and EXHAUSTED over EXPIRED', () => {
    expect(rangeStanding(range(195, '2026-12-01'), '2026-11-24', thresholds).state).toBe('LOW');
    expect(rangeStanding(range(201, '2020-01-01'), '2026-11-24', thresholds)).toMatchObject({ left: 0, used: 200, state: 'EXHAUSTED' });
    expect(rangeStanding(range(5, '2026-11-23'), '2026-11-24', thresholds)).toMatchObject({ daysLeft: -1, state: 'EXPIRED' });
  });

  it('is CANCELLED once its CAI is cancelled, whatever its numbers and deadline, and keeps counting what is left', () => {
    for (const [next, deadline] of [
      [1, '2027-12-31'],
      [195, '2026-12-01'],
      [201, '2027-12-31'],
      [5, '2020-01-01'],
    ] as const) {
      expect(rangeStanding({ ...range(next, deadline), cancelled: true }, '2026-11-24', thresholds).state).toBe('CANCELLED');
    }
    expect(rangeStanding({ ...range(51), cancelled: true }, '2026-11-24', thresholds)).toMatchObject({ used: 50, left: 150 });
  });

  it('turns LOW and DUE off with thresholds of 0', () => {
    expect(rangeStanding(range(200, '2026-11-25'), '2026-11-24', { remainingPercent: '0', days: 0 }).state).toBe('OK');
  });
});

describe('daysBetween and isUsable', () => {
  it('counts calendar days across months and leap years', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-12-31', '2026-12-01')).toBe(-30);
  });

  it('says only EXHAUSTED, EXPIRED and CANCELLED ranges cannot issue', () => {
    expect(['OK', 'LOW', 'DUE', 'EXHAUSTED', 'EXPIRED', 'CANCELLED'].map((s) => isUsable(s as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('ranks CANCELLED with the states no new deadline changes', () => {
    expect(mostUrgent(['OK', 'CANCELLED', 'EXPIRED'])).toBe('CANCELLED');
    expect(mostUrgent(['CANCELLED', 'EXHAUSTED'])).toBe('EXHAUSTED');
    expect(leastUrgent(['CANCELLED', 'LOW'])).toBe('LOW');
  });
});
