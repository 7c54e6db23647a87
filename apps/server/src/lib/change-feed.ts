import pg from 'pg';
import type { DbExecutor } from '../db/database.ts';
import { sql } from 'drizzle-orm';

/** The PostgreSQL channel every instance listens on. */
export const CHANGE_CHANNEL = 'lc_changes';

/**
 * Tells every instance that something it may have cached has changed (docs/security.md "Baseline": instances
 * share nothing but the database). A writer announces the change inside its transaction, so the other
 * instances hear of it when (and only if) it commits, through PostgreSQL's LISTEN/NOTIFY; the writer then
 * tells its own instance at once. With embedded PGlite there is only one instance, so the local notice is all
 * there is.
 *
 * While the listening connection is down, `reliable()` is false and caches must not answer from memory:
 * a change announced meanwhile would be missed.
 */
export interface ChangeFeed {
  /** Inside the writing transaction: every other instance hears `key` once it commits. */
  announce(tx: DbExecutor, key: string): Promise<void>;
  /** After the commit: this instance forgets `key` at once. */
  changed(key: string): void;
  subscribe(listener: (key: string) => void): () => void;
  reliable(): boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

export function createChangeFeed(options: {
  /** PostgreSQL server to listen on; absent for embedded PGlite (one instance). */
  databaseUrl?: string | undefined;
  onError?: (error: Error) => void;
}): ChangeFeed {
  const listeners = new Set<(key: string) => void>();
  const emit = (key: string) => {
    for (const listener of listeners) listener(key);
  };
  const onError = options.onError ?? (() => undefined);

  if (!options.databaseUrl) {
    return {
      announce: async () => undefined,
      changed: emit,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      reliable: () => true,
      close: async () => undefined,
    };
  }

  const databaseUrl = options.databaseUrl;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    // TCP keepalive: a dead path is found, and the feed marked unreliable, without waiting for a write.
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const lost = (error?: Error) => {
      if (error) onError(error);
      if (client !== next) return;
      listening = false;
      client = undefined;
      // Anything cached may have changed while nobody was listening.
      emit('*');
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) emit(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closed) return void next.end().catch(() => undefined);
      listening = true;
      emit('*');
    } catch (error) {
      lost(error as Error);
    }
  };
  void connect();

  return {
    announce: async (tx, key) => {
      await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${key})`);
    },
    changed: emit,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reliable: () => listening,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
