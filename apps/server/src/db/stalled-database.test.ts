// @databases postgres: a lock held by another connection and a stalled network path need a server.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../test/build-test-app.ts';
import { appThroughStallingRelay } from '../test/stalling-relay.ts';

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
  'a stalled database answers 503 in time instead of leaving requests hanging',
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
      let relay: Awaited<ReturnType<typeof appThroughStallingRelay>>;
      beforeAll(async () => {
        relay = await appThroughStallingRelay(SHORT_LIMITS);
      });
      afterAll(async () => {
        // Since pg-boss's connections carry the query limit too, closing the app ends even
        // with the path stalled; the relay's connections go first all the same, to keep the hook short.
        await relay.close();
        await relay.t.close();
      });

      it('is given up by the client after its time limit and answered 503, never left hanging', async () => {
        const cookie = await newMember(relay.t);
        relay.stall();
        const started = Date.now();
        const response = await balance(relay.t, cookie);
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
