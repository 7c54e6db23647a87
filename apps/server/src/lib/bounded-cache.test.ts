// @databases none: pure rules and helpers; it opens no database.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approximateBytes, boundedCache } from './bounded-cache.ts';
import type { ChangeFeed } from './change-feed.ts';
import { createReadCache } from './read-cache.ts';

/** A member's read of about 10 KB, as an activity page or an offers list is. */
const aRead = (id: number) => ({ id, lines: Array.from({ length: 100 }, (_, i) => `line ${i} `.repeat(5)) });

/** A change feed that is always reliable and never announces anything. */
const quietFeed = { subscribe: () => () => undefined, reliable: () => true } as unknown as ChangeFeed;

describe('boundedCache: bounded by bytes, expired entries cleared', () => {
  afterEach(() => vi.useRealTimers());

  it('holds at most its bytes, however many members are read, keeping the most recent', () => {
    const maxBytes = 1024 * 1024;
    const cache = boundedCache<ReturnType<typeof aRead>>({ maxBytes, ttlMs: 60_000 });
    for (let id = 0; id < 2_000; id += 1) cache.set(String(id), aRead(id));
    expect(cache.calculatedSize).toBeLessThanOrEqual(maxBytes);
    expect(cache.size).toBeLessThan(200);
    expect(cache.get('1999')?.id).toBe(1999);
    expect(cache.get('0')).toBeUndefined();
  });

  it('clears expired entries that nobody reads again', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 1_000_000;
    const cache = boundedCache<ReturnType<typeof aRead>>({
      maxBytes: 10 * 1024 * 1024,
      ttlMs: 30_000,
      perf: { now: () => now },
    });
    for (let id = 0; id < 50; id += 1) cache.set(String(id), aRead(id));
    expect(cache.size).toBe(50);
    now += 30_001;
    vi.advanceTimersByTime(30_000);
    expect(cache.size).toBe(0);
    expect(cache.calculatedSize).toBe(0);
  });

  it('counts about twice a value JSON length, and a Map by its entries', () => {
    expect(approximateBytes({ a: 'x'.repeat(1_000) })).toBeGreaterThan(2_000);
    expect(approximateBytes(new Map([['k', 'x'.repeat(1_000)]]))).toBeGreaterThan(2_000);
  });
});

describe('createReadCache', () => {
  it('keeps recent members answered from memory and lets the oldest go past its bytes', async () => {
    const read = createReadCache<ReturnType<typeof aRead>>(quietFeed, 'test:', { maxBytes: 1024 * 1024 });
    const loads: number[] = [];
    const load = (id: number) => async () => {
      loads.push(id);
      return aRead(id);
    };
    for (let id = 0; id < 2_000; id += 1) await read(String(id), load(id));
    loads.length = 0;
    await read('1999', load(1999));
    expect(loads).toEqual([]);
    // The first member's read went out of memory when others needed the room: it is loaded again.
    await read('0', load(0));
    expect(loads).toEqual([0]);
  });
});
