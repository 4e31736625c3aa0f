import { mostUrgent, leastUrgent } from '../../src/domain/cai-range-state';
import { pacePerDay, runOutDays } from '../../src/domain/cai-run-out';
import { monthOf } from '../../src/domain/calendar-date';

const TODAY = '2026-03-16';

describe('the day a CAI range runs out at the 30-day pace', () => {
  it('is the day the running count reaches the numbers left: 10 left at 1 a day is the 10th day, today counted', () => {
    expect(runOutDays([{ left: 10, daysLeft: 100, state: 'OK' }], TODAY, 1)).toEqual(['2026-03-25']);
    expect(runOutDays([{ left: 1, daysLeft: 100, state: 'LOW' }], TODAY, 1)).toEqual([TODAY]);
    expect(runOutDays([{ left: 10, daysLeft: 100, state: 'OK' }], TODAY, pacePerDay(60))).toEqual(['2026-03-20']);
  });

  it('starts a queued range when the one before it runs out', () => {
    const ranges = [
      { left: 5, daysLeft: 100, state: 'LOW' as const },
      { left: 10, daysLeft: 100, state: 'OK' as const },
    ];
    expect(runOutDays(ranges, TODAY, 1)).toEqual(['2026-03-20', '2026-03-30']);
  });

  it('is null for a range whose deadline comes first, and the next range starts after that deadline', () => {
    const ranges = [
      { left: 50, daysLeft: 9, state: 'DUE' as const },
      { left: 10, daysLeft: 100, state: 'OK' as const },
    ];
    // The first stops at the end of its deadline day (10 days from the start of today).
    expect(runOutDays(ranges, TODAY, 1)).toEqual([null, '2026-04-04']);
  });

  it('is null without a pace and for a range that can no longer issue, which does not delay the next', () => {
    expect(runOutDays([{ left: 10, daysLeft: 100, state: 'OK' }], TODAY, 0)).toEqual([null]);
    const ranges = [
      { left: 0, daysLeft: 100, state: 'EXHAUSTED' as const },
      { left: 40, daysLeft: -1, state: 'EXPIRED' as const },
      { left: 2, daysLeft: 100, state: 'OK' as const },
    ];
    expect(runOutDays(ranges, TODAY, 2)).toEqual([null, null, TODAY]);
  });
});

describe('CAI state urgency', () => {
  it('orders OK, DUE, LOW, EXPIRED, EXHAUSTED', () => {
    expect(mostUrgent(['OK', 'LOW', 'DUE'])).toBe('LOW');
    expect(mostUrgent(['EXPIRED', 'EXHAUSTED', 'OK'])).toBe('EXHAUSTED');
    expect(leastUrgent(['EXHAUSTED', 'DUE', 'LOW'])).toBe('DUE');
    expect(mostUrgent([])).toBeNull();
  });
});

describe('monthOf', () => {
  it('gives the first day of the month and of the next, across a year', () => {
    expect(monthOf('2026-03-16')).toEqual({ first: '2026-03-01', next: '2026-04-01' });
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
  });
});
