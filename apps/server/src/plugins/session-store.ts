import { randomBytes } from 'node:crypto';
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions } from '../db/schema/core.ts';
import { boundedCache } from '../lib/bounded-cache.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { oneStatement } from '../lib/one-statement.ts';
import { hashOf } from '../lib/token-hash.ts';

export interface Session {
  collectorId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  data: Record<string, unknown>;
}

export interface SessionStore {
  /**
   * Starts a session and answers the secret for the cookie; only its hash is stored. `alongside`: writes that
   * go with the session's start (its account log entry, the known device), sent in the same statement.
   */
  create(
    collectorId: string,
    data?: Record<string, unknown>,
    alongside?: (session: Session) => SQLWrapper[],
  ): Promise<{ token: string; session: Session }>;
  /**
   * The live session for a cookie value, or undefined when unknown, idle too long or past its absolute end.
   */
  /**
   * The live session behind a cookie secret. `fresh`: from the database, never from memory, for the calls
   * that move points or change how the member signs in.
   */
  read(token: string | undefined, options?: { fresh?: boolean }): Promise<Session | undefined>;
  update(token: string, data: Record<string, unknown>): Promise<void>;
  destroy(token: string | undefined): Promise<void>;
  /**
   * Ends the session stored under `idHash` (the hash of its cookie secret): a member ending another device's.
   */
  destroyByHash(idHash: string): Promise<void>;
  destroyAllFor(collectorId: string): Promise<void>;
}

export interface SessionTimeouts {
  idleMinutes: number;
  absoluteHours: number;
}

/** Touch lastSeenAt at most once a minute, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60_000;
/** How long a session read from the database is answered from memory, at the most. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Memory the session cache may hold, about: a row is about 1 KB, so some 16,000 sessions. */
const SESSION_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** Change-feed keys: one session, or every session of a collector. */
export const sessionChangeKey = (idHash: string) => `session:${idHash}`;
export const collectorSessionsChangeKey = (collectorId: string) => `sessions-of:${collectorId}`;

type Row = typeof sessions.$inferSelect;

/**
 * Sessions read from the database, kept in memory for a few seconds so a signed-in read does not cost a
 * query.
 * Every change goes through the change feed, which empties the entry on every instance; while the feed is not
 * reliable nothing is answered from memory.
 */
function sessionCache(feed: ChangeFeed | undefined) {
  if (!feed) return undefined;
  const cache = boundedCache<Row>({ maxBytes: SESSION_CACHE_MAX_BYTES, ttlMs: SESSION_CACHE_TTL_MS });
  feed.subscribe((key) => {
    if (key === '*') cache.clear();
    else if (key.startsWith('session:')) cache.delete(key.slice('session:'.length));
    else if (key.startsWith('sessions-of:')) {
      const collectorId = key.slice('sessions-of:'.length);
      for (const [idHash, row] of cache.entries()) if (row.collectorId === collectorId) cache.delete(idHash);
    }
  });
  return {
    get: (idHash: string) => (feed.reliable() ? cache.get(idHash) : undefined),
    set: (idHash: string, row: Row) => {
      if (feed.reliable()) cache.set(idHash, row);
    },
  };
}

/**
 * Server-side sessions in the database, shared by every instance (docs/security.md "Baseline"): an opaque
 * random id in the cookie, an idle time-out that slides with use and an absolute time-out that does not.
 */
export function createSessionStore(
  db: Database,
  timeouts: SessionTimeouts,
  now: () => Date = () => new Date(),
  feed?: ChangeFeed,
): SessionStore {
  const idleMs = timeouts.idleMinutes * 60_000;
  const cache = sessionCache(feed);
  /** Writes a change and tells every instance to forget what it cached under `key`. */
  const change = async (key: string, write: (tx: Database) => Promise<unknown>) => {
    if (!feed) return void (await write(db));
    await db.transaction(async (tx) => {
      await write(tx);
      await feed.announce(tx, key);
    });
    feed.changed(key);
  };
  // Ended sessions are swept on a timer outside requests (plugins/expired-rows.ts); reads never answer them.
  const isLive = (row: Row, at: Date) =>
    row.expiresAt > at && row.lastSeenAt.getTime() + idleMs > at.getTime();
  return {
    async create(collectorId, data = {}, alongside) {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + timeouts.absoluteHours * 3_600_000);
      const session = { collectorId, createdAt, lastSeenAt: createdAt, expiresAt, data };
      const insert = db
        .insert(sessions)
        .values({ idHash: hashOf(token), collectorId, createdAt, lastSeenAt: createdAt, expiresAt, data });
      const more = alongside?.(session) ?? [];
      // One round trip for a sign-in's writes (ADR 047); all of them or none.
      await (more.length === 0 ? insert : db.execute(oneStatement([insert, ...more])));
      return { token, session };
    },
    async read(token, options) {
      if (!token) return undefined;
      const idHash = hashOf(token);
      const at = now();
      // From memory when fresh; an entry that looks ended is checked against the database, which decides.
      const cached = options?.fresh ? undefined : cache?.get(idHash);
      let row = cached && isLive(cached, at) ? cached : undefined;
      if (!row) {
        [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
        if (!row) return undefined;
        if (!isLive(row, at)) {
          await change(sessionChangeKey(idHash), (tx) =>
            tx.delete(sessions).where(eq(sessions.idHash, idHash)),
          );
          return undefined;
        }
      }
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
        row = { ...row, lastSeenAt: at };
      }
      // Only a row read or touched now is put back: putting back the cached one measured its size (its JSON)
      // on every signed-in request and restarted its time in memory, so a busy session was never read again.
      if (row !== cached) cache?.set(idHash, row);
      return {
        collectorId: row.collectorId,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
        data: { ...row.data },
      };
    },
    async update(token, data) {
      const idHash = hashOf(token);
      await change(sessionChangeKey(idHash), (tx) =>
        tx.update(sessions).set({ data }).where(eq(sessions.idHash, idHash)),
      );
    },
    async destroy(token) {
      if (!token) return;
      const idHash = hashOf(token);
      await change(sessionChangeKey(idHash), (tx) => tx.delete(sessions).where(eq(sessions.idHash, idHash)));
    },
    async destroyByHash(idHash) {
      await change(sessionChangeKey(idHash), (tx) => tx.delete(sessions).where(eq(sessions.idHash, idHash)));
    },
    async destroyAllFor(collectorId) {
      await change(collectorSessionsChangeKey(collectorId), (tx) =>
        tx.delete(sessions).where(and(eq(sessions.collectorId, collectorId))),
      );
    },
  };
}
