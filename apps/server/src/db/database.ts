import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedDataPath, openPGliteThread, type PGliteThread } from './pglite-thread.ts';

/**
 * The one database type the code sees, whether PGlite or a PostgreSQL server is underneath. Tables live in
 * db/schema/<module>.ts and are imported where used; the relational query API is not used.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The database or an open transaction: ledger writes join the caller's transaction when there is one. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** A database being opened (startDatabase): `db` takes statements at once, they run once `ready` settles. */
export interface StartingDatabase extends DatabaseHandle {
  /** Migrations applied and `prepare` done; rejects with why the database could not open. */
  ready: Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/**
 * Time limits on PostgreSQL (ADR 032), so a stalled database shows as errors, not as requests that hang:
 * a connection must open within connectMs; the server ends a statement that runs past statementMs (a lock held
 * elsewhere, a slow plan) and a transaction left idle past idleInTransactionMs (its locks released); the client
 * gives up on an answer after queryMs (the network path stalled, so the server's own limit cannot reach us) and
 * drops that connection. TCP keepalive finds a dead path on idle pooled connections. docs/scale.md.
 */
export const DATABASE_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 16_000,
  idleInTransactionMs: 30_000,
};
/** Pooled connections per instance (DATABASE_POOL_MAX). */
const DEFAULT_POOL_MAX = 10;
/** First keepalive probe after this long without traffic on a connection. */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * SQLSTATEs of a database that cannot answer now: a statement ended by its time limit
 * (57014) or waiting for a lock (55P03), the server shutting down or starting (57P01-57P03), too many
 * connections (53300), and every connection exception (class 08).
 */
const UNAVAILABLE_STATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300']);
/** What node-postgres and Node's sockets say when the path to the database stalls or breaks. */
const UNAVAILABLE_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * Whether an error (or any error it wraps: Drizzle wraps the driver's) says the database cannot answer now, as
 * opposed to a fault in a statement: the error handler answers these 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof DatabaseUnavailableError) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

/** postgres://user:secret@host/db with the password hidden, for logs. */
export const redactUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
};

/** Any constant: instances starting together take turns to migrate. */
const MIGRATION_LOCK_KEY = 72_631_000;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /**
   * Told when the server drops an idle pooled connection (a restart, a failover, an administrator). The pool
   * replaces the connection on the next query; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
  /** Other limits than DATABASE_TIMEOUTS (the DATABASE_*_TIMEOUT_MS settings). */
  timeouts?: Partial<typeof DATABASE_TIMEOUTS>;
  /** Pooled connections (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** Work done after the migrations and before any other statement runs (the demo data on a first start). */
  prepare?: (db: Database) => Promise<unknown>;
  /** The embedded database's thread, when it was started earlier (main.ts, tests); PGlite only. */
  thread?: PGliteThread;
}

/** Opens the database, applies the migrations and `prepare`, then answers the handle. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { ready, ...handle } = await startDatabase(options);
  await ready;
  return handle;
}

/**
 * Opens the database for a server start. PostgreSQL is connected and migrated before it answers. The embedded
 * database answers at once: its thread opens the data while the server registers its routes, and every
 * statement of `db` waits until the migrations and `prepare` are done (docs/decisions/025).
 */
export async function startDatabase(options: OpenDatabaseOptions): Promise<StartingDatabase> {
  if (options.databaseUrl) {
    const timeouts = { ...DATABASE_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    });
    pool.on('error', options.onConnectionError ?? (() => undefined));
    const db = drizzlePg(pool) as unknown as Database;
    // Migrations on a connection of their own, without the time limits: waiting for another instance's
    // migration, or a long migration, is not a stalled statement.
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
      throw new DatabaseUnavailableError(
        `PostgreSQL at ${redactUrl(options.databaseUrl)} did not answer within ${timeouts.connectMs / 1000} s: ${
          error instanceof Error ? error.message : String(error)
        }`,
        { cause: error },
      );
    }
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder });
      // Inside the lock: two instances starting on an empty database do not both load the start data.
      await options.prepare?.(db);
    } catch (error) {
      await client.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
      throw error;
    }
    // Ending the session releases the advisory lock.
    await client.end().catch(() => undefined);
    return { db, kind: 'postgres', close: () => pool.end(), ready: Promise.resolve() };
  }

  // In a thread of its own, so statements do not take turns with HTTP requests (docs/decisions/021).
  const thread = options.thread ?? openPGliteThread(embeddedDataPath(options));
  // Migrations and `prepare` go straight to the thread; the `db` answered waits for them.
  const setUp = drizzlePglite({ client: thread as unknown as PGlite });
  let open = false;
  const ready = (async () => {
    try {
      await thread.ready;
      await migratePglite(setUp, { migrationsFolder });
      await options.prepare?.(setUp);
      open = true;
    } catch (error) {
      await thread.close().catch(() => undefined);
      throw error;
    }
  })();
  // Whoever opens the database awaits `ready`; a failure also reaches every statement sent.
  ready.catch(() => undefined);
  const after = <T>(run: () => Promise<T>) => (open ? run() : ready.then(run));
  const client: Omit<PGliteThread, 'ready'> = {
    query: (sql, params, queryOptions) => after(() => thread.query(sql, params, queryOptions)),
    transaction: (callback) => after(() => thread.transaction(callback)),
    close: () => thread.close(),
  };
  const db = drizzlePglite({ client: client as unknown as PGlite }) as unknown as Database;
  return { db, kind: 'pglite', close: () => thread.close(), ready };
}

/** The readiness check: `select 1`, refused after `timeoutMs` so /readyz answers in time when the database stalls. */
export async function pingDatabase(db: Database, timeoutMs = 1_500): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([db.execute(sql`select 1`), stalled]);
  } finally {
    clearTimeout(timer);
  }
}
