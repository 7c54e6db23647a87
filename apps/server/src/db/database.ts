import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPGliteThread } from './pglite-thread.ts';

/**
 * The one database type the code sees, whether PGlite or a PostgreSQL server is underneath. Tables live in
 * db/schema/<module>.ts and are imported where used; the relational query API is not used.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/**
 * Time limits on PostgreSQL (issue 10), so a stalled database shows as errors, not as requests that hang: a
 * connection must open within CONNECT_TIMEOUT_MS, a statement must finish within STATEMENT_TIMEOUT_MS, and a
 * transaction left idle is ended after IDLE_IN_TRANSACTION_TIMEOUT_MS (its locks released). README lists them.
 */
export const DATABASE_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
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

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /**
   * Told when the server drops an idle pooled connection (a restart, a failover, an administrator). The pool
   * replaces the connection on the next query; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
  /** Tests only: other limits than DATABASE_TIMEOUTS. */
  timeouts?: Partial<typeof DATABASE_TIMEOUTS>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...DATABASE_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    });
    pool.on('error', options.onConnectionError ?? (() => undefined));
    const db = drizzlePg(pool) as unknown as Database;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnavailableError(
        `PostgreSQL at ${redactUrl(options.databaseUrl)} did not answer within ${timeouts.connectMs / 1000} s: ${
          error instanceof Error ? error.message : String(error)
        }`,
        { cause: error },
      );
    }
    try {
      // Waiting for another instance's migration, or a long migration, is not a stalled statement.
      await client.query('SET statement_timeout = 0');
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await client.query('RESET statement_timeout').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // In a thread of its own, so statements do not take turns with HTTP requests (docs/decisions/021).
  const client = await openPGliteThread(dataPath);
  const driver = drizzlePglite({ client: client as unknown as PGlite });
  const db = driver as unknown as Database;
  try {
    await migratePglite(driver, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
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
