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
 * Answers of GET requests (an issued invoice, a page of clients) kept per process, each with the
 * company's change counter it was read under (src/db/read-revisions.ts). A request serves an
 * entry only when its counter is the one the caller's authentication just read from the
 * database, so a change committed by any instance or by the operator's CLI is seen by the next
 * request everywhere. Bounded in bytes, least recently used out first. Values are frozen: every
 * request shares them. Why this is safe, and what a new writer must do: decision 46.
 */
@injectable()
export class ReadCache {
  private readonly cache: LRUCache<string, Entry> | undefined;

  constructor(@inject(TOKENS.Config) config: Pick<AppConfig, 'readCacheMaxMb'>) {
    this.cache =
      config.readCacheMaxMb === 0
        ? undefined
        : new LRUCache<string, Entry>({ maxSize: config.readCacheMaxMb * 1024 * 1024, sizeCalculation: (entry, key) => entry.bytes + key.length });
  }

  /**
   * The value kept for `key` under `revision`, else the result of `read`, kept (frozen) when
   * `sizeOf` gives its approximate size in bytes; null from `sizeOf` means "do not keep this one".
   */
  async getOrRead<T>(key: string, revision: number, read: () => Promise<T>, sizeOf: (value: T) => number | null): Promise<T> {
    const entry = this.cache?.get(key);
    if (entry !== undefined && entry.revision === revision) return entry.value as T;
    const value = await read();
    const bytes = this.cache === undefined ? null : sizeOf(value);
    if (bytes === null) return value;
    const frozen = deepFreeze(value);
    this.cache!.set(key, { revision, value: frozen, bytes });
    return frozen;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
