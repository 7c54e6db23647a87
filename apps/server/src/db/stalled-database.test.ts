import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../test/build-test-app.ts';
import { adminQuery, databaseUrl } from '../test/test-config.ts';

/** Limits of a second, so a stall shows in a test's time: the client gives up after 2 s (statement + 1 s). */
const SHORT_LIMITS = { DATABASE_STATEMENT_TIMEOUT_MS: '1000' };

/** A new member with a session; its first signed-in read goes to the database (nothing of it is cached yet). */
async function newMember(t: TestApp) {
  const response = await newAccountMember(t);
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
}

const balance = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/balance-api/balance', cookies: { [SESSION_COOKIE]: cookie } });

const unavailable = { code: 'SERVICE_UNAVAILABLE', description: 'Something went wrong. Try again' };

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a stalled database answers 503 in time (issue 35, item 3)',
  () => {
    describe('a statement waiting on a lock held by another connection', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await buildTestApp(SHORT_LIMITS);
      });
      afterAll(async () => t.close());

      it('is ended by the statement time limit and answered 503, then the same read answers 200', async () => {
        const cookie = await newMember(t);
        const holder = new pg.Client({ connectionString: t.config.databaseUrl });
        await holder.connect();
        try {
          await holder.query('BEGIN');
          await holder.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
          const started = Date.now();
          const stalled = await balance(t, cookie);
          const took = Date.now() - started;
          expect(stalled.statusCode).toBe(503);
          expect(stalled.json()).toEqual(unavailable);
          expect(stalled.headers['retry-after']).toBe('5');
          expect(took).toBeGreaterThanOrEqual(900);
          expect(took).toBeLessThan(3_000);
        } finally {
          await holder.query('ROLLBACK').catch(() => undefined);
          await holder.end();
        }
        expect((await balance(t, cookie)).statusCode).toBe(200);
      });
    });

    describe('the network path to the database stalling', () => {
      let t: TestApp;
      let proxy: Server;
      let stalled = false;
      const sockets: Socket[] = [];
      const database = `lc_test_${randomBytes(6).toString('hex')}`;

      beforeAll(async () => {
        // A TCP relay to PostgreSQL that can stop passing bytes either way, as a dead link or a hung server would.
        const target = new URL(process.env.TEST_DATABASE_URL ?? '');
        proxy = createServer((client) => {
          const server = connect(Number(target.port || 5432), target.hostname);
          sockets.push(client, server);
          client.on('data', (chunk) => void (stalled || server.write(chunk)));
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
        // The connections that went through the stall lost bytes: ended first, so closing the app does not
        // wait on an answer that can never come (the job runner's pool has no client time limit of its own).
        for (const socket of sockets) socket.destroy();
        stalled = false;
        await t.close();
        proxy.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      });

      it('is given up by the client after its time limit and answered 503, never left hanging', async () => {
        const cookie = await newMember(t);
        stalled = true;
        const started = Date.now();
        const response = await balance(t, cookie);
        const took = Date.now() - started;
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(unavailable);
        // The server's own statement limit cannot be heard over a dead path: the client's (2 s) ends the wait.
        expect(took).toBeGreaterThanOrEqual(1_900);
        expect(took).toBeLessThan(4_000);
      });
    });
  },
);
