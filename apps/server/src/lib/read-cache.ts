import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';

export interface ReadCacheOptions {
  /** Entries kept at the most (least recently used go first). */
  max?: number;
  /** How long an entry is answered from memory at the most, even when no change was heard. */
  ttlMs?: number;
}

/**
 * A signed-in read answered from memory (ADR 010): `read(id, load)` loads once and keeps the answer until the
 * change feed announces `<prefix><id>` (on any instance) or `ttlMs` passes. While the feed is not reliable
 * every read loads. A load that overlaps a change is not kept, so a write is never hidden by an older read.
 */
export function createReadCache<T extends NonNullable<unknown>>(
  feed: ChangeFeed | undefined,
  prefix: string,
  { max = 50_000, ttlMs = 30_000 }: ReadCacheOptions = {},
) {
  const cache = new LRUCache<string, T>({ max, ttl: ttlMs });
  let changes = 0;
  feed?.subscribe((key) => {
    if (key === '*') cache.clear();
    else if (key.startsWith(prefix)) cache.delete(key.slice(prefix.length));
    else return;
    changes += 1;
  });
  return async (id: string, load: () => Promise<T>): Promise<T> => {
    if (!feed?.reliable()) return load();
    const cached = cache.get(id);
    if (cached !== undefined) return cached;
    const seen = changes;
    const value = await load();
    if (seen === changes && feed.reliable()) cache.set(id, value);
    return value;
  };
}
