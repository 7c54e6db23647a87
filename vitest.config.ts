import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = 'apps/server/src';
const databaseTemplate = 'apps/server/src/test/database-template.ts';

/**
 * The server test files that also run on PostgreSQL (TEST_DATABASE_URL): every file that starts a test app or
 * opens a database, found by what it calls, so a new test of a repository, a lock, a migration or a race is
 * never left out. The others (rules, parsers, helpers that open no database) run once, on the PGlite side.
 */
const postgresTests = () =>
  readdirSync(serverTests, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(serverTests, file))
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      return /buildTestApp|appThroughStallingRelay|openDatabase|startDatabase|TEST_DATABASE_URL/.test(source);
    });

const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: db === 'pglite' ? [`${serverTests}/**/*.test.ts`] : postgresTests(),
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
        },
      },
    ],
  },
});
