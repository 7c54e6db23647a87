import fp from 'fastify-plugin';
import { startDatabase, type Database } from '../db/database.ts';
import type { PGliteThread } from '../db/pglite-thread.ts';
import { createChangeFeed, type ChangeFeed } from '../lib/change-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Tells every instance what changed, so what it keeps in memory stays true (lib/change-feed.ts). */
    changes: ChangeFeed;
  }
}

export interface DbPluginOptions {
  /** The embedded database's thread, started before the server's code loaded (main.ts) or by a test. */
  thread?: PGliteThread;
  /**
   * What start-up writes after the migrations, inside the start-up lock (app.ts passes the start data of
   * start-data/); answers whether it made the demo members, for the log.
   */
  prepare?: (db: Database) => Promise<boolean>;
}

/**
 * Opens the database (PGlite or PostgreSQL), applies migrations, then runs `prepare` (the start data). The embedded
 * database opens in its thread while the other plugins register; the server listens once it is ready
 * (docs/decisions/025).
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { thread, prepare }) => {
    const fatal = (error: unknown) => {
      // Start-up stops here with one clear line rather than hanging.
      app.log.fatal({ err: error }, 'the database did not answer; the server is not starting');
      throw error;
    };
    const handle = await startDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      inMemory: app.config.inMemoryDatabase,
      thread,
      poolMax: app.config.database.poolMax,
      timeouts: {
        connectMs: app.config.database.connectTimeoutMs,
        statementMs: app.config.database.statementTimeoutMs,
        queryMs: app.config.database.queryTimeoutMs,
      },
      onConnectionError: (err) => app.log.warn({ err }, 'the database dropped an idle connection'),
      prepare: async (db) => {
        if (await prepare?.(db)) app.log.info('loaded the demo data into an empty database');
      },
    }).catch(fatal);
    const changes = createChangeFeed({
      databaseUrl: app.config.databaseUrl,
      onError: (err) => app.log.warn({ err }, 'the change feed lost its database connection; reconnecting'),
    });
    app.decorate('db', handle.db);
    app.decorate('changes', changes);
    app.addHook('onReady', () => handle.ready.catch(fatal));
    app.addHook('onClose', async () => {
      await changes.close();
      await handle.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
