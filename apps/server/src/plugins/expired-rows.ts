import fp from 'fastify-plugin';
import { sweepEndedRows } from '../lib/expired-rows.ts';

/**
 * Sweeps ended sessions, spent bot-check tokens, old attempt counters, the identity provider's ended models
 * (sessions, codes, tokens, grants) and passkey challenges once a minute as the purge-expired-rows job, run by
 * one runner of the cluster (plugins/jobs.ts), never inside a request (ADR 032, 033).
 * Every read checks the end time itself, so a late sweep only leaves the tables larger for a while.
 */
export const expiredRowsPlugin = fp(
  async (app) => {
    app.jobs.everyMinute('purge-expired-rows', async () => {
      const deleted = await sweepEndedRows(app.db, app.clock.now());
      if (Object.values(deleted).some((n) => n > 0)) app.log.debug({ deleted }, 'swept ended rows');
    });
  },
  { name: 'expired-rows', dependencies: ['db', 'jobs'] },
);
