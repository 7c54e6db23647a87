import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminQuery, databaseUrl } from '../../test/test-config.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';

/** The client gives up on an answer after 2 s (statement limit + 1 s) and on a new connection after 1 s. */
const SHORT_LIMITS = { DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_CONNECT_TIMEOUT_MS: '1000' };

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a shutdown while the path to the database stalls (issue 35, item 4)',
  () => {
    let t: TestApp;
    let proxy: Server;
    let stalled = false;
    /** Bytes of statements sent to the database while the path stalled: lost, never answered. */
    let lost = 0;
    const sockets: Socket[] = [];
    const database = `lc_test_${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      // A TCP relay to PostgreSQL that stops passing bytes either way, as a dead link or a hung server would.
      const target = new URL(process.env.TEST_DATABASE_URL ?? '');
      proxy = createServer((client) => {
        const server = connect(Number(target.port || 5432), target.hostname);
        sockets.push(client, server);
        client.on('data', (chunk: Buffer) => {
          if (stalled) lost += chunk.length;
          else server.write(chunk);
        });
        server.on('data', (chunk) => void (stalled || client.write(chunk)));
        for (const [a, b] of [
          [client, server],
          [server, client],
        ] as const) {
          a.on('error', () => b.destroy());
          a.on('close', () => b.destroy());
        }
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const address = proxy.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const template = inject('databaseTemplate');
      if (template.kind !== 'postgres') throw new Error('runs on PostgreSQL only');
      await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${template.name}`);
      const relayed = new URL(databaseUrl(database));
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      t = await buildTestApp(SHORT_LIMITS, { databaseUrl: relayed.toString() });
    });
    afterAll(async () => {
      // The app is closed by the test; nothing here waits on the stalled connections.
      for (const socket of sockets) socket.destroy();
      proxy.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });

    it('ends within the query limit: the job runner does not wait for ever on an answer that was lost', async () => {
      // The job runner polls its queues every second: its next fetch goes out over the stalled path and is lost.
      stalled = true;
      await expect.poll(() => lost, { timeout: 5_000 }).toBeGreaterThan(0);
      const started = Date.now();
      const code = await shutDownGracefully(t.app, { graceMs: 0, timeoutMs: 20_000 });
      const took = Date.now() - started;
      expect(code).toBe(0);
      // The lost answer's limit (2 s), then pg-boss's last statements on new connections, each refused after 1 s
      // (measured 4.0 s); without pg-boss's query limit the shutdown waited until its deadline and answered 1.
      expect(took).toBeLessThan(7_000);
    });
  },
);
