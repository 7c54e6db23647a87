// @databases postgres: an answer lost on the network path to the database server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appThroughStallingRelay } from '../../test/stalling-relay.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';

/** The client gives up on an answer after 2 s (statement limit + 1 s) and on a new connection after 1 s. */
const SHORT_LIMITS = { DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_CONNECT_TIMEOUT_MS: '1000' };

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a shutdown while the path to the database stalls ends within the query limit',
  () => {
    let relay: Awaited<ReturnType<typeof appThroughStallingRelay>>;
    beforeAll(async () => {
      relay = await appThroughStallingRelay(SHORT_LIMITS);
    });
    // The app is closed by the test; nothing here waits on the stalled connections.
    afterAll(async () => relay.close());

    it('ends within the query limit: the job runner does not wait for ever on an answer that was lost', async () => {
      // The job runner polls its queues every second: its next fetch goes out over the stalled path and is lost.
      relay.stall();
      await expect.poll(() => relay.lostBytes(), { timeout: 5_000 }).toBeGreaterThan(0);
      const started = Date.now();
      const code = await shutDownGracefully(relay.t.app, { graceMs: 0, timeoutMs: 20_000 });
      const took = Date.now() - started;
      expect(code).toBe(0);
      // The lost answer's limit (2 s), then pg-boss's last statements on new connections, each refused after 1 s
      // (measured 4.0 s); without pg-boss's query limit the shutdown waited until its deadline and answered 1.
      expect(took).toBeLessThan(7_000);
    });
  },
);
