import fp from 'fastify-plugin';
import { sweepEndedRows, sweepEvery, SWEEP_INTERVAL_MS } from '../lib/expired-rows.ts';

/**
 * Sweeps ended sessions, spent bot-check tokens and old attempt counters once a minute on a timer of each
 * instance, never inside a request (issue 35, item 7; ADR 032). Every read checks the end time itself, so a
 * late sweep only leaves the tables larger for a while.
 */
export const expiredRowsPlugin = fp(
  async (app) => {
    let sweeping: ReturnType<typeof sweepEvery> | undefined;
    app.addHook('onReady', () => {
      sweeping = sweepEvery(
        SWEEP_INTERVAL_MS,
        async () => {
          const deleted = await sweepEndedRows(app.db, app.clock.now());
          if (Object.values(deleted).some((n) => n > 0)) app.log.debug({ deleted }, 'swept ended rows');
        },
        (err) => app.log.warn({ err }, 'the sweep of ended rows failed; the next one tries again'),
      );
    });
    app.addHook('onClose', async () => sweeping?.stop());
  },
  { name: 'expired-rows', dependencies: ['db'] },
);
