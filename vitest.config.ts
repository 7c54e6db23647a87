import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { serverProjectFiles } from './apps/server/src/test/database-tags.ts';

const databaseTemplate = 'apps/server/src/test/database-template.ts';

/**
 * The server test files of each database: every file says which it runs on, and why (a `// @databases` line,
 * apps/server/src/test/database-tags.ts). A file whose behaviour cannot differ between the two runs once:
 * on PostgreSQL where one answers (CI), on the embedded PGlite otherwise.
 */
const serverFiles = serverProjectFiles(import.meta.dirname, Boolean(process.env.TEST_DATABASE_URL));

const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: serverFiles[db],
    environment: 'node',
    env: { TEST_DB: db },
    // One migrated and seeded database for every test app to start from (database-template.ts).
    globalSetup: [databaseTemplate],
    // The server's modules keep no state of their own (each app holds its own), so the files of one worker
    // share one import of the server instead of importing it again for each file (about 3 s each).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Both cores: each test file's app runs its embedded database in a thread of its own besides.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // One jsdom per worker, not one process and one jsdom per file: the setup file starts each file as a
          // fresh browser tab would (its own modules, a blank document, empty storage, no timers left running).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'console',
          include: ['apps/console/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/src/test/setup.ts'],
        },
      },
    ],
  },
});
