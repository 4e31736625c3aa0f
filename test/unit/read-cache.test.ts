import { ReadCache } from '../../src/db/read-cache';

describe('ReadCache.getOrRead', () => {
  const counting = <T>(value: T) => {
    const read = jest.fn(async () => value);
    return read;
  };

  it('keeps a value under its counter and reads again under another', async () => {
    const cache = new ReadCache({ readCacheMaxMb: 1 });
    const read = counting({ n: 1 });
    expect(await cache.getOrRead('k', 1, read, () => 10)).toEqual({ n: 1 });
    expect(await cache.getOrRead('k', 1, read, () => 10)).toEqual({ n: 1 });
    expect(read).toHaveBeenCalledTimes(1);
    await cache.getOrRead('k', 2, read, () => 10);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('shares one read between concurrent misses of the same key and counter', async () => {
    const cache = new ReadCache({ readCacheMaxMb: 1 });
    const read = counting({ n: 1 });
    const values = await Promise.all([1, 2, 3].map(() => cache.getOrRead('k', 7, read, () => 10)));
    expect(read).toHaveBeenCalledTimes(1);
    expect(values[0]).toBe(values[2]);
  });

  it('hands out frozen values, and does not keep one whose size is null', async () => {
    const cache = new ReadCache({ readCacheMaxMb: 1 });
    const kept = await cache.getOrRead(
      'a',
      1,
      async () => ({ lines: [{ n: 1 }] }),
      () => 10,
    );
    expect(Object.isFrozen(kept.lines[0])).toBe(true);
    const read = counting({ n: 2 });
    await cache.getOrRead('b', 1, read, () => null);
    await cache.getOrRead('b', 1, read, () => null);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads every time when turned off (0 MB)', async () => {
    const cache = new ReadCache({ readCacheMaxMb: 0 });
    const read = counting({ n: 1 });
    await cache.getOrRead('k', 1, read, () => 10);
    await cache.getOrRead('k', 1, read, () => 10);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const cache = new ReadCache({ readCacheMaxMb: 1 });
    await expect(
      cache.getOrRead(
        'k',
        1,
        async () => Promise.reject(new Error('lost')),
        () => 10,
      ),
    ).rejects.toThrow('lost');
    expect(
      await cache.getOrRead(
        'k',
        1,
        async () => 'ok',
        () => 10,
      ),
    ).toBe('ok');
  });
});
