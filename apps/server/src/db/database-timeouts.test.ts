// @databases both: the time limits are set differently for the database thread and for the pool.
import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DatabaseUnavailableError, openDatabase } from './database.ts';

describe('database time limits: a stalled or silent database fails fast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers /readyz 503 within 2 s when the database stalls', async () => {
    const execute = t.app.db.execute.bind(t.app.db);
    t.app.db.execute = (() => new Promise(() => undefined)) as unknown as typeof execute;
    try {
      const started = Date.now();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      t.app.db.execute = execute;
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('fails start-up with a clear error when PostgreSQL does not answer', async () => {
    // A server that accepts the connection and never says a word, as a hung database would.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const started = Date.now();
      const opening = openDatabase({
        databaseUrl: `postgres://app:secret@127.0.0.1:${port}/app`,
        dataDir: '/tmp',
        timeouts: { connectMs: 1_000 },
      });
      await expect(opening).rejects.toThrow(DatabaseUnavailableError);
      await expect(opening).rejects.toThrow(/did not answer within 1 s/);
      await expect(opening).rejects.not.toThrow(/secret/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'sets statement and idle-in-transaction time limits on every PostgreSQL connection',
    async () => {
      {
        const statement = (await t.app.db.execute(sql`show statement_timeout`)) as {
          rows: unknown[];
        };
        const idle = (await t.app.db.execute(sql`show idle_in_transaction_session_timeout`)) as {
          rows: unknown[];
        };
        expect(statement.rows[0]).toEqual({ statement_timeout: '15s' });
        expect(idle.rows[0]).toEqual({ idle_in_transaction_session_timeout: '30s' });
      }
    },
  );
});
