import {
  sessionIsLive,
  signInRefusedUntil,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SIGN_IN_LOCK_MS,
  type SignInFailure,
} from '../../src/domain/console-session-rules';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, 0) + minutes * MINUTE);
const from = (address: string, minutes: number[]): SignInFailure[] => minutes.map((m) => ({ at: at(m), address }));

describe('console session rules', () => {
  it('keeps a session for 30 idle minutes and 12 hours at most', () => {
    const start = at(0);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS - 1))).toBe(true);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS))).toBe(false);
    const late = new Date(start.getTime() + SESSION_MAX_MS);
    expect(sessionIsLive({ createdAt: start, lastSeenAt: new Date(late.getTime() - MINUTE) }, late)).toBe(false);
  });

  it('refuses an address for 15 minutes from its fifth failure within 15 minutes, and not for five spread wider', () => {
    const five = from('a', [0, 3, 6, 9, 12]);
    expect(signInRefusedUntil(five.slice(0, 4), 'a', at(13))).toBeNull();
    expect(signInRefusedUntil(five, 'a', at(13))).toEqual(new Date(at(12).getTime() + SIGN_IN_LOCK_MS));
    expect(signInRefusedUntil(five, 'a', at(26.9))).not.toBeNull();
    expect(signInRefusedUntil(five, 'a', at(27))).toBeNull();
    expect(signInRefusedUntil(from('a', [0, 4, 8, 12, 16]), 'a', at(17))).toBeNull();
    // Order does not matter.
    expect(signInRefusedUntil([...five].reverse(), 'a', at(13))).toEqual(new Date(at(12).getTime() + SIGN_IN_LOCK_MS));
  });

  it("does not refuse another address for one address's failures", () => {
    const failures = [...from('a', [0, 1, 2, 3, 4]), ...from('b', [0, 1, 2, 3])];
    expect(signInRefusedUntil(failures, 'a', at(5))).not.toBeNull();
    expect(signInRefusedUntil(failures, 'b', at(5))).toBeNull();
    expect(signInRefusedUntil(failures, 'c', at(5))).toBeNull();
  });

  it('refuses every address from the 50th failure from all of them within 15 minutes', () => {
    // Ten addresses, five failures each, over 14.7 minutes: the 50th refuses the e-mail everywhere.
    const fifty = Array.from({ length: 10 }, (_, a) =>
      from(
        `10.0.0.${a}`,
        [0, 1, 2, 3, 4].map((i) => a * 1.5 + i * 0.1),
      ),
    ).flat();
    const last = at(9 * 1.5 + 0.4);
    expect(signInRefusedUntil(fifty.slice(0, 49), 'elsewhere', last)).toBeNull();
    expect(signInRefusedUntil(fifty, 'elsewhere', last)).toEqual(new Date(last.getTime() + SIGN_IN_LOCK_MS));
    // Spread over more than 15 minutes, fifty refuse no one but their own addresses.
    const spread = fifty.map((f, i) => ({ ...f, at: at(i * 0.4) }));
    expect(signInRefusedUntil(spread, 'elsewhere', at(20))).toBeNull();
  });
});
