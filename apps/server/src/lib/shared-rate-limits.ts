import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { hashOf } from './token-hash.ts';
import { textOf } from './text-of.ts';

/** How long a Redis command may take before a limit is counted in this instance's memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** Keys an instance counts in memory per route while Redis does not answer (the library's own default). */
const FALLBACK_KEYS_PER_ROUTE = 5_000;

/**
 * One attempt counted in one step: INCR, the window started on the first attempt (PEXPIRE), and the window's
 * time left answered. The same fixed window as @fastify/rate-limit's in-memory and Redis stores.
 */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

type Incremented = [current: number, ttl: number];

/** A Redis connection for the shared limits: commands fail fast while it is down instead of queueing. */
export function connectRateLimitRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A dropped connection is retried in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on('error', onError);
  redis.defineCommand('limitIncrement', { numberOfKeys: 1, lua: INCREMENT });
  return redis;
}

/**
 * A store for @fastify/rate-limit whose counts every instance shares (ADR 032): each route
 * and client key is one Redis counter, `<prefix><METHOD><url>-<sha256 of the key>` (a key may be a session
 * secret or an address, neither kept in clear). While Redis does not answer, this instance counts in its own
 * memory, so a limit still holds per instance; `onFallback` is told each time.
 */
export function sharedRateLimitStore(
  redis: Redis,
  prefix: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  const increment = (key: string, windowMs: number) =>
    (redis as Redis & { limitIncrement(key: string, windowMs: number): Promise<Incremented> }).limitIncrement(
      key,
      windowMs,
    );

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new LRUCache<string, { current: number; endsAt: number }>({
      max: FALLBACK_KEYS_PER_ROUTE,
    });
    constructor(private readonly route = '') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      increment(`${prefix}${this.route}${hashOf(key)}`, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          onFallback(error instanceof Error ? error : new Error(String(error)));
          callback(null, this.countLocally(key, timeWindow));
        },
      );
    }

    private countLocally(key: string, timeWindow: number) {
      const now = Date.now();
      const held = this.local.get(key);
      const entry = held && held.endsAt > now ? held : { current: 0, endsAt: now + timeWindow };
      entry.current += 1;
      this.local.set(key, entry);
      return { current: entry.current, ttl: entry.endsAt - now };
    }

    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method?: unknown; url?: unknown };
    }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(info.method) ? info.method.join(',') : textOf(info.method);
      return new SharedStore(`${method}${textOf(info.url)}-`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
