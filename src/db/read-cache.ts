import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../../config/config';
import { TOKENS } from '../tokens';

interface Entry {
  revision: number;
  value: unknown;
  bytes: number;
}

/**
 * Values kept per process, each with the company's change counter it was read under
 * (src/db/read-revisions.ts). A request serves an entry only when its counter is the one the
 * caller's authentication just read from the database, so a change committed by any instance or
 * by the operator's CLI is seen by the next request everywhere. Bounded in bytes, least recently
 * used out first. Values are frozen: every request shares them. Why this is safe, and what a new
 * writer must do: decision 46.
 */
export class CounterCheckedCache {
  private readonly cache: LRUCache<string, Entry> | undefined;
  /** Reads under way, by key and counter: requests missing the same entry together share one. */
  private readonly reading = new Map<string, Promise<unknown>>();

  /** `maxMb` 0 keeps nothing: every call reads. */
  constructor(maxMb: number) {
    this.cache =
      maxMb === 0
        ? undefined
        : new LRUCache<string, Entry>({ maxSize: maxMb * 1024 * 1024, sizeCalculation: (entry, key) => entry.bytes + key.length });
  }

  /**
   * The value kept for `key` under `revision`, else the result of `read`, kept (frozen) when
   * `sizeOf` gives its approximate size in bytes; null from `sizeOf` means "do not keep this one".
   * Concurrent misses of one key under one counter (say, every reader right after an annulment)
   * share one read.
   */
  getOrRead<T>(key: string, revision: number, read: () => Promise<T>, sizeOf: (value: T) => number | null): Promise<T> {
    const cache = this.cache;
    if (cache === undefined) return read();
    const entry = cache.get(key);
    if (entry !== undefined && entry.revision === revision) return Promise.resolve(entry.value as T);
    const readingKey = `${key}@${revision}`;
    let pending = this.reading.get(readingKey) as Promise<T> | undefined;
    if (pending === undefined) {
      pending = read()
        .then((value) => {
          const bytes = sizeOf(value);
          if (bytes === null) return value;
          const frozen = deepFreeze(value);
          cache.set(key, { revision, value: frozen, bytes });
          return frozen;
        })
        .finally(() => this.reading.delete(readingKey));
      this.reading.set(readingKey, pending);
    }
    return pending;
  }
}

/** GET answers (an issued invoice, a page of clients) and the clients sales are priced for: `READ_CACHE_MAX_MB` of them. */
@injectable()
export class ReadCache extends CounterCheckedCache {
  constructor(@inject(TOKENS.Config) config: Pick<AppConfig, 'readCacheMaxMb'>) {
    super(config.readCacheMaxMb);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
