import { boundedCache } from './bounded-cache.ts';
import type { ChangeFeed } from './change-feed.ts';

/** Memory one read cache may hold, about (lib/bounded-cache.ts): 16 MB is some thousands of members' reads. */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024;

export interface ReadCacheOptions {
  /** Memory its entries may hold at the most, about (least recently used go first). */
  maxBytes?: number;
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
  { maxBytes = READ_CACHE_MAX_BYTES, ttlMs = 30_000 }: ReadCacheOptions = {},
) {
  const cache = boundedCache<T>({ maxBytes, ttlMs });
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
