import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...databases.map((db) => ({
        test: {
          name: `server-${db}`,
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: db },
          // One migrated PGlite cluster for every test app to start from (apps/server/src/test/pglite-template.ts).
          ...(db === 'pglite' ? { globalSetup: ['apps/server/src/test/pglite-template.ts'] } : {}),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
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
