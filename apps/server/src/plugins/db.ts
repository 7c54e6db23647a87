import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database.ts';
import { seedIfEmpty } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
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
    });
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => handle.close());
    if (await seedIfEmpty(handle.db)) app.log.info('loaded the demo data into an empty database');
  },
  { name: 'db', dependencies: ['config'] },
);
