import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { createChangeFeed, type ChangeFeed } from '../lib/change-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Tells every instance what changed, so what it keeps in memory stays true (lib/change-feed.ts). */
    changes: ChangeFeed;
  }
}

/** Opens the database (PGlite or PostgreSQL), applies migrations, loads demo data on first start. */
export const dbPlugin = fp(
  async (app) => {
    const handle = await openDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      inMemory: app.config.inMemoryDatabase,
      onConnectionError: (err) => app.log.warn({ err }, 'the database dropped an idle connection'),
    }).catch((error: unknown) => {
      // Start-up stops here with one clear line rather than hanging (issue 10).
      app.log.fatal({ err: error }, 'the database did not answer; the server is not starting');
      throw error;
    });
    const changes = createChangeFeed({
      databaseUrl: app.config.databaseUrl,
      onError: (err) => app.log.warn({ err }, 'the change feed lost its database connection; reconnecting'),
    });
    app.decorate('db', handle.db);
    app.decorate('changes', changes);
    app.addHook('onClose', async () => {
      await changes.close();
      await handle.close();
    });
    if (await seedIfEmpty(handle.db)) app.log.info('loaded the demo data into an empty database');
  },
  { name: 'db', dependencies: ['config'] },
);
