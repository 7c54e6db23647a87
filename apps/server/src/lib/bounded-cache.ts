import { LRUCache } from 'lru-cache';

/** Bytes counted per entry beyond its value: the key, lru-cache's slots and V8's object headers. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * About how much memory a value holds: its JSON's length, twice (V8 keeps a parsed object a little larger than
 * its JSON, and a cached answer often holds its written JSON beside the objects). Maps count their entries.
 */
export function approximateBytes(value: unknown): number {
  const json = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Map ? [...item.entries()] : item,
  );
  return 2 * (json?.length ?? 0);
}

export interface BoundedCacheOptions<V> {
  /** The most memory its entries may hold (approximately, see approximateBytes); least recently used go first. */
  maxBytes: number;
  /** An entry is not answered after this long, and is cleared within another ttlMs even if never read again. */
  ttlMs: number;
  /** The bytes of one value, when approximateBytes does not fit it. */
  sizeOf?: (value: V) => number;
  /** Tests only: the clock lru-cache reads for entries' ages. */
  perf?: { now: () => number };
}

/**
 * A memory cache bounded by what it holds, not by its number of entries (ADR 032): entries of
 * 40 KB under a cap of 50,000 entries came to 2 GB. Expired entries are cleared by one timer per cache every
 * ttlMs (lru-cache only drops an expired entry when it is read again, so members who do not come back stayed
 * in memory); the timer holds the cache weakly and ends with it.
 */
export function boundedCache<V extends NonNullable<unknown>>({
  maxBytes,
  ttlMs,
  sizeOf = approximateBytes,
  perf,
}: BoundedCacheOptions<V>): LRUCache<string, V> {
  const cache = new LRUCache<string, V>({
    maxSize: maxBytes,
    // An entry larger than an eighth of the cache is not kept: one member must not push out everyone else.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (value, key) => Math.max(1, sizeOf(value) + 2 * key.length + ENTRY_OVERHEAD_BYTES),
    ttl: ttlMs,
    ...(perf ? { perf } : {}),
  });
  const held = new WeakRef(cache);
  const timer = setInterval(() => {
    const live = held.deref();
    if (live) live.purgeStale();
    else clearInterval(timer);
  }, ttlMs);
  timer.unref();
  return cache;
}
