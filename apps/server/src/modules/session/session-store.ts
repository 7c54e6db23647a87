import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/core.ts';

export interface Session {
  collectorId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  data: Record<string, unknown>;
}

export interface SessionStore {
  /** Starts a session and answers the secret for the cookie; only its hash is stored. */
  create(collectorId: string, data?: Record<string, unknown>): Promise<{ token: string; session: Session }>;
  /** The live session for a cookie value, or undefined when unknown, idle too long or past its absolute end. */
  read(token: string | undefined): Promise<Session | undefined>;
  update(token: string, data: Record<string, unknown>): Promise<void>;
  destroy(token: string | undefined): Promise<void>;
  destroyAllFor(collectorId: string): Promise<void>;
}

export interface SessionTimeouts {
  idleMinutes: number;
  absoluteHours: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Touch lastSeenAt at most once a minute, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions in the database, shared by every instance (DESIGN.md 5): an opaque random id in the
 * cookie, an idle time-out that slides with use and an absolute time-out that does not.
 */
export function createSessionStore(
  db: Database,
  timeouts: SessionTimeouts,
  now: () => Date = () => new Date(),
): SessionStore {
  const idleMs = timeouts.idleMinutes * 60_000;
  return {
    async create(collectorId, data = {}) {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + timeouts.absoluteHours * 3_600_000);
      await db.delete(sessions).where(lt(sessions.expiresAt, createdAt));
      await db
        .insert(sessions)
        .values({ idHash: hashToken(token), collectorId, createdAt, lastSeenAt: createdAt, expiresAt, data });
      return { token, session: { collectorId, createdAt, lastSeenAt: createdAt, expiresAt, data } };
    },
    async read(token) {
      if (!token) return undefined;
      const idHash = hashToken(token);
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
      if (!row) return undefined;
      const at = now();
      if (row.expiresAt <= at || row.lastSeenAt.getTime() + idleMs <= at.getTime()) {
        await db.delete(sessions).where(eq(sessions.idHash, idHash));
        return undefined;
      }
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
        row.lastSeenAt = at;
      }
      return {
        collectorId: row.collectorId,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
        data: row.data,
      };
    },
    async update(token, data) {
      await db
        .update(sessions)
        .set({ data })
        .where(eq(sessions.idHash, hashToken(token)));
    },
    async destroy(token) {
      if (token) await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
    },
    async destroyAllFor(collectorId) {
      await db.delete(sessions).where(and(eq(sessions.collectorId, collectorId)));
    },
  };
}
