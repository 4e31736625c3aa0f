import { sessionIsLive, signInLockedUntil, SESSION_IDLE_MS, SESSION_MAX_MS, SIGN_IN_LOCK_MS } from '../../src/domain/console-session-rules';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, 0) + minutes * MINUTE);

describe('console session rules', () => {
  it('keeps a session for 30 idle minutes and 12 hours at most', () => {
    const start = at(0);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS - 1))).toBe(true);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS))).toBe(false);
    const late = new Date(start.getTime() + SESSION_MAX_MS);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: new Date(late.getTime() - MINUTE) }, late)).toBe(false);
  });

  it('locks for 15 minutes from the fifth failure within 15 minutes, and not for five spread wider', () => {
    const five = [0, 3, 6, 9, 12].map(at);
    expect(signInLockedUntil(five.slice(0, 4), at(13))).toBeNull();
    expect(signInLockedUntil(five, at(13))).toEqual(new Date(at(12).getTime() + SIGN_IN_LOCK_MS));
    expect(signInLockedUntil(five, at(26.9))).not.toBeNull();
    expect(signInLockedUntil(five, at(27))).toBeNull();
    expect(signInLockedUntil([0, 4, 8, 12, 16].map(at), at(17))).toBeNull();
    // Order does not matter.
    expect(signInLockedUntil([...five].reverse(), at(13))).toEqual(new Date(at(12).getTime() + SIGN_IN_LOCK_MS));
  });
});
