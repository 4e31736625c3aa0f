import { annulmentWindow, assertAnnulmentOpen, isAnnulmentOpen } from '../../src/domain/annulment-deadline';
import { AppError } from '../../src/domain/app-error';

/** Noon in Honduras (18:00 UTC) of a YYYY-MM-DD day. */
const hn = (day: string) => new Date(`${day}T12:00:00-06:00`);

describe('annulment window', () => {
  it.each([
    // [issued, deadline day, month, last day]
    ['2026-03-15', 10, '2026-03', '2026-04-10'],
    ['2026-03-01', 10, '2026-03', '2026-04-10'],
    ['2026-03-31', 10, '2026-03', '2026-04-10'],
    ['2026-12-31', 10, '2026-12', '2027-01-10'],
    ['2026-01-31', 28, '2026-01', '2026-02-28'],
    ['2028-01-31', 28, '2028-01', '2028-02-28'],
    ['2026-12-05', 28, '2026-12', '2027-01-28'],
    ['2026-11-30', 1, '2026-11', '2026-12-01'],
    ['2026-02-10', 0, '2026-02', '2026-02-28'],
    ['2028-02-10', 0, '2028-02', '2028-02-29'],
    ['2026-04-01', 0, '2026-04', '2026-04-30'],
    ['2026-12-31', 0, '2026-12', '2026-12-31'],
  ])('a document of %s with day %i: month %s, last day %s', (issued, day, month, lastDay) => {
    expect(annulmentWindow(hn(issued), day)).toEqual({ month, lastDay });
  });

  it('is open through the whole last day and closed from the next, in Honduras time', () => {
    const window = annulmentWindow(hn('2026-03-20'), 10);
    expect(isAnnulmentOpen(window, hn('2026-03-20'))).toBe(true);
    expect(isAnnulmentOpen(window, hn('2026-04-10'))).toBe(true);
    // 23:59:59 on the 10th in Honduras is 05:59:59 UTC on the 11th: still open.
    expect(isAnnulmentOpen(window, new Date('2026-04-11T05:59:59.999Z'))).toBe(true);
    // 00:00 on the 11th in Honduras (06:00 UTC): closed.
    expect(isAnnulmentOpen(window, new Date('2026-04-11T06:00:00Z'))).toBe(false);
    expect(isAnnulmentOpen(window, hn('2026-05-01'))).toBe(false);
  });

  it('dates the document by the Honduras calendar: 00:00-06:00 UTC on the 1st is the last day of the month before', () => {
    const lateOnTheLastDay = new Date('2026-05-01T05:30:00Z'); // 30 April, 23:30 in Honduras
    expect(annulmentWindow(lateOnTheLastDay, 10)).toEqual({ month: '2026-04', lastDay: '2026-05-10' });
    expect(annulmentWindow(new Date('2026-05-01T06:00:00Z'), 10)).toEqual({ month: '2026-05', lastDay: '2026-06-10' });
    // With day 0 the April document closes at 00:00 of 1 May in Honduras, 06:00 UTC.
    const ownMonth = annulmentWindow(lateOnTheLastDay, 0);
    expect(isAnnulmentOpen(ownMonth, new Date('2026-05-01T05:59:00Z'))).toBe(true);
    expect(isAnnulmentOpen(ownMonth, new Date('2026-05-01T06:00:00Z'))).toBe(false);
  });

  it('with day 0 refuses on the first day of the next month', () => {
    expect(isAnnulmentOpen(annulmentWindow(hn('2026-12-31'), 0), hn('2027-01-01'))).toBe(false);
    expect(isAnnulmentOpen(annulmentWindow(hn('2026-12-01'), 0), hn('2026-12-31'))).toBe(true);
  });

  it('refuses a deadline day outside 0..28', () => {
    for (const day of [-1, 29, 31, 1.5]) expect(() => annulmentWindow(hn('2026-01-01'), day)).toThrow(RangeError);
  });

  it('refuses a closed window with ANNULMENT_PERIOD_CLOSED naming the month, the last day and what to do instead', () => {
    const refusal = (() => {
      try {
        assertAnnulmentOpen('invoice 7 (000-001-01-00000007)', hn('2026-12-15'), hn('2027-01-11'), 10, 'issue a credit note instead');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'ANNULMENT_PERIOD_CLOSED',
      status: 409,
      message: 'invoice 7 (000-001-01-00000007) is of 2026-12, which could be annulled until 10/01/2027; issue a credit note instead',
    });
    expect(() => assertAnnulmentOpen('credit note 3', hn('2026-12-15'), hn('2027-01-10'), 10)).not.toThrow();
  });
});
