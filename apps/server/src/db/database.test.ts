// @databases postgres: the PostgreSQL connection pool.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';

describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL connection pool', () => {
  it('logs a connection the server drops and keeps answering on a new one', async () => {
    const t = await buildTestApp();
    try {
      await t.app.db.execute(sql`select 1`);
      const database = new URL(t.config.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS dropped FROM pg_stat_activity WHERE datname = $1',
        [database],
      );
      await admin.end();
      expect(Number(rows[0].dropped)).toBeGreaterThan(0);

      // The pool hears of the dropped connection; the process is still here and a call gets a fresh one.
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, {
          timeout: 5_000,
        })
        .toBe(200);
    } finally {
      await t.close();
    }
  });
});
